import { addGrinderBody } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { type FieldErrors, issuesToFieldErrors, serverFieldError } from "../shared/errors";
import { Field, SelectBox } from "../shared/form-controls";
import { PlusIcon } from "../shared/icons";
import { MemberPicker } from "../shared/pickers/member-picker";
import { useAddGrinder } from "./api";

/** The member (picked by name or pasted id) and tier; Add stays disabled until both are set (spec §5). */
export function AddGrinderForm({ serverId, tiers }: { serverId: string; tiers: readonly string[] }) {
  const [userId, setUserId] = useState("");
  const [tier, setTier] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddGrinder(serverId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addGrinderBody.safeParse({ userId: userId.trim(), tier });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setUserId("");
        setTier("");
      },
      onError: (error) => {
        const refusal = serverFieldError(error);
        if (refusal?.field === "userId" || refusal?.field === "tier")
          setErrors({ [refusal.field]: refusal.message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
      <MemberPicker
        label="Member"
        value={userId || null}
        onChange={(id) => {
          setUserId(id ?? "");
          if (errors.userId) setErrors({ ...errors, userId: undefined });
        }}
        bots="exclude"
        error={errors.userId}
        hint="Search the server's members by name, or paste a user id."
      />
      <Field label="Tier" error={errors.tier}>
        {(control) => (
          <SelectBox {...control} value={tier} onChange={(event) => setTier(event.target.value)}>
            <option value="">Select a tier</option>
            {tiers.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectBox>
        )}
      </Field>
      <button
        type="submit"
        disabled={!userId.trim() || !tier || add.isPending}
        className={`${buttonClass("primary")} sm:mt-7`}
      >
        <PlusIcon className="size-4" />
        {add.isPending ? "Adding…" : "Add Grinder"}
      </button>
    </form>
  );
}
