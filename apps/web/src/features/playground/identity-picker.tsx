import { useId } from "react";
import { type Server, shownName } from "./world";

/** "You are": the identities the demo server offers, or the member chosen from the member list. */
export function IdentityPicker({
  server,
  as,
  viewerId,
  onChange,
}: {
  server: Server;
  as: string | null;
  viewerId: string | null;
  onChange: (as: string) => void;
}) {
  const id = useId();
  const nameOf = (userId: string | null) => {
    const member = server.members.find((candidate) => candidate.id === userId);
    return member ? shownName(member) : "nobody";
  };
  const custom = server.identities.some((identity) => identity.key === (as ?? "owner")) ? null : viewerId;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs font-semibold text-[#b5bac1] uppercase">
        You are
      </label>
      <select
        id={id}
        value={custom ?? as ?? "owner"}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-40 rounded border sm:max-w-52 border-[#1e1f22] bg-[#1e1f22] px-2 py-1 text-sm text-[#f2f3f5]"
      >
        {server.identities.map((identity) => (
          <option key={identity.key} value={identity.key} disabled={!identity.userId}>
            {identity.label} ({nameOf(identity.userId)})
          </option>
        ))}
        {custom && <option value={custom}>{nameOf(custom)}</option>}
      </select>
    </div>
  );
}
