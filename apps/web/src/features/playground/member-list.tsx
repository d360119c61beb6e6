import { useId, useState } from "react";
import { colorOf } from "../../components/discord-message/lookups";
import { buttonClass } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { type Member, memberColor, type Server, shownName } from "./world";

const statusColors: Record<Member["status"], string> = {
  online: "#23a55a",
  idle: "#f0b232",
  dnd: "#f23f43",
  offline: "#80848e",
};
const statusNames: Record<Member["status"], string> = {
  online: "Online",
  idle: "Idle",
  dnd: "Do Not Disturb",
  offline: "Offline",
};
const shownOffline = 100;

function MemberRow({
  member,
  server,
  onOpen,
}: {
  member: Member;
  server: Server;
  onOpen: (member: Member) => void;
}) {
  const color = colorOf(memberColor(server, member));
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(member)}
        aria-label={`${shownName(member)}${member.bot ? " (app)" : ""}, ${statusNames[member.status]}`}
        className="flex w-full items-center gap-2 rounded px-2 py-1 text-left hover:bg-[#35373c]"
      >
        <span className="relative" aria-hidden="true">
          <span className="flex size-8 items-center justify-center rounded-full bg-[#5865f2] text-sm text-white">
            {shownName(member).slice(0, 1).toUpperCase()}
          </span>
          <span
            className="absolute -right-0.5 -bottom-0.5 size-3.5 rounded-full border-[3px] border-[#2b2d31]"
            style={{ backgroundColor: statusColors[member.status] }}
          />
        </span>
        <span className="min-w-0">
          <span
            className={member.status === "offline" ? "block truncate opacity-60" : "block truncate"}
            style={{ color: color ?? "#dbdee1" }}
          >
            {shownName(member)}
            {member.bot && (
              <span className="ml-1 rounded bg-[#5865f2] px-1 text-[10px] font-semibold text-white">APP</span>
            )}
          </span>
          {member.customStatus && (
            <span className="block truncate text-xs text-[#949ba4]">{member.customStatus}</span>
          )}
        </span>
      </button>
    </li>
  );
}

/** The member list: online members under their highest hoisted role, then offline ones, with presence. */
export function MemberList({
  server,
  viewerId,
  onActAs,
  onOpenDms,
}: {
  server: Server;
  viewerId: string | null;
  onActAs: (userId: string) => void;
  onOpenDms: (userId: string) => void;
}) {
  const [open, setOpen] = useState<Member | null>(null);
  const titleId = useId();
  const hoisted = server.roles.filter((role) => role.hoist);
  const groups = new Map<string, Member[]>();
  const offline: Member[] = [];
  for (const member of server.members) {
    if (member.status === "offline") {
      offline.push(member);
      continue;
    }
    const held = new Set(member.roleIds);
    const key = hoisted.find((role) => held.has(role.id))?.name ?? "Online";
    groups.set(key, [...(groups.get(key) ?? []), member]);
  }
  const ordered = [...hoisted.map((role) => role.name), "Online"].flatMap((name) => {
    const members = groups.get(name);
    return members ? [{ name, members }] : [];
  });
  const byId = new Map(server.roles.map((role) => [role.id, role]));

  return (
    <aside aria-label="Members" className="flex min-h-0 flex-1 flex-col overflow-y-auto px-2 py-4">
      {[...ordered, { name: "Offline", members: offline.slice(0, shownOffline) }].map((group) => (
        <section
          key={group.name}
          aria-label={`${group.name}, ${group.name === "Offline" ? offline.length : group.members.length}`}
        >
          <h3 className="mt-3 px-2 text-xs font-semibold tracking-wide text-[#949ba4] uppercase">
            {group.name} — {group.name === "Offline" ? offline.length : group.members.length}
          </h3>
          <ul className="mt-1">
            {group.members.map((member) => (
              <MemberRow key={member.id} member={member} server={server} onOpen={setOpen} />
            ))}
          </ul>
        </section>
      ))}
      {offline.length > shownOffline && (
        <p className="px-2 pt-2 text-xs text-[#949ba4]">and {offline.length - shownOffline} more offline</p>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} labelledBy={titleId}>
        {open && (
          <div className="space-y-4 p-6">
            <div>
              <h2 id={titleId} className="text-lg font-semibold text-stone-50">
                {shownName(open)}
              </h2>
              <p className="text-sm text-stone-400">
                @{open.username} · {statusNames[open.status]} · joined{" "}
                {new Date(open.joinedAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
              </p>
            </div>
            <div>
              <h3 className="text-xs font-semibold text-stone-300 uppercase">Roles</h3>
              <ul className="mt-1 flex flex-wrap gap-1">
                {open.roleIds
                  .flatMap((id) => byId.get(id) ?? [])
                  .map((role) => (
                    <li
                      key={role.id}
                      className="flex items-center gap-1 rounded bg-white/5 px-2 py-0.5 text-sm"
                    >
                      <span
                        aria-hidden="true"
                        className="size-2.5 rounded-full"
                        style={{ backgroundColor: colorOf(role.color) ?? "#949ba4" }}
                      />
                      {role.name}
                    </li>
                  ))}
                {open.roleIds.length === 0 && <li className="text-sm text-stone-400">No roles</li>}
              </ul>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonClass("ghost")} onClick={() => setOpen(null)}>
                Close
              </button>
              <button
                type="button"
                className={buttonClass("secondary")}
                onClick={() => {
                  onOpenDms(open.id);
                  setOpen(null);
                }}
              >
                Their DMs from Hearth
              </button>
              {!open.bot && open.id !== viewerId && (
                <button
                  type="button"
                  className={buttonClass("primary")}
                  onClick={() => {
                    onActAs(open.id);
                    setOpen(null);
                  }}
                >
                  Act as {shownName(open)}
                </button>
              )}
            </div>
          </div>
        )}
      </Dialog>
    </aside>
  );
}
