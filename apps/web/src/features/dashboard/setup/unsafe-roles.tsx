import type { Role, ServerSetup } from "@hearth/core";

export interface UnsafeSetupRole {
  /** What the role is for: "Grinder base role", "Tier Gold". */
  use: string;
  role: Role;
}

/** The roles of a saved setup that Hearth gives and the role-safety rule now refuses, with their use. */
export function unsafeSetupRoles(setup: ServerSetup, roles: readonly Role[]): UnsafeSetupRole[] {
  const byId = new Map(roles.map((role) => [role.id, role]));
  const found: UnsafeSetupRole[] = [];
  const base = setup.grinderBaseRoleId ? byId.get(setup.grinderBaseRoleId) : undefined;
  if (base?.unsafeReason) found.push({ use: "Grinder base role", role: base });
  for (const tier of setup.tiers) {
    const role = byId.get(setup.tierRoles[tier] ?? "");
    if (role?.unsafeReason) found.push({ use: `Tier ${tier}`, role });
  }
  return found;
}

/**
 * The warning on the Setup tab for a configuration saved before the role-safety rule: each role,
 * what it is for and why Hearth won't give it. Hiring refuses (and audits) until it is changed.
 */
export function UnsafeRolesWarning({ roles }: { roles: readonly UnsafeSetupRole[] }) {
  return (
    <div
      role="alert"
      className="mb-5 rounded-xl border border-amber-400/30 bg-amber-400/5 px-4 py-3 text-sm text-amber-100"
    >
      <p className="font-semibold text-amber-200">
        {roles.length === 1 ? "A role in this setup can't be given" : "Roles in this setup can't be given"}
      </p>
      <ul className="mt-1.5 list-disc space-y-1 pl-5">
        {roles.map(({ use, role }) => (
          <li key={`${use}-${role.id}`}>
            {use}: <strong>@{role.name}</strong>: {role.unsafeReason}.
          </li>
        ))}
      </ul>
      <p className="mt-1.5 text-amber-100/80">
        Hearth won't give these roles when hiring (each refusal is logged in the audit log). Choose safe roles
        and save.
      </p>
    </div>
  );
}
