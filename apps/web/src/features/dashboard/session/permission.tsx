import { hasPermission, type PermissionLevel } from "@hearth/core";
import type { ReactNode } from "react";
import { useDashboardSession } from "./session-context";

/**
 * The token's permission level and what it allows (the API enforces the same levels; see
 * ARCHITECTURE.md): owner everything; admin all but token management and the purge; manager reads,
 * anti-pool settings and grinder hire/remove/break.
 */
export function usePermission() {
  const { info } = useDashboardSession();
  return {
    level: info.permission,
    can: (required: PermissionLevel) => hasPermission(info.permission, required),
  };
}

/**
 * Shows its children read-only (every control inside disabled, with a note saying why) when the
 * token is below `required`, so a level never sees buttons that would answer 403.
 */
export function RequirePermission({
  required,
  what,
  children,
}: {
  required: PermissionLevel;
  /** What is read-only, for the note: "Setup", "These settings". */
  what: string;
  children: ReactNode;
}) {
  const { level, can } = usePermission();
  if (can(required)) return <>{children}</>;
  return (
    <div>
      <p
        role="note"
        className="mb-4 rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
      >
        {what} {what.endsWith("s") ? "are" : "is"} read-only for your <strong>{level}</strong> token: changing{" "}
        {what.endsWith("s") ? "them" : "it"} needs the {required} permission.
      </p>
      <fieldset disabled className="min-w-0 disabled:opacity-80">
        {children}
      </fieldset>
    </div>
  );
}
