import { defineFeature, type Feature } from "../feature.ts";
import { tableScopes } from "../purge/service.ts";
import { devtoolsBot } from "./commands.ts";
import { devtoolsGuard } from "./guard.ts";
import { registerNoticeJobs } from "./notify.ts";

/**
 * The bot developers' tools (`/dev …`, registered only on the developers' server): the global block
 * list and lockdown (a guard in front of every interaction and event), caches, eval, announcements
 * to every server owner and server resets. `/dev reset` walks every feature's tables, so the feature
 * is given the whole list (lazily: the list holds this feature too).
 */
export function devtools(all: () => readonly Feature[]): Feature {
  return defineFeature({
    name: "devtools",
    tables: ["dev_blocks", "dev_lockdown", "dev_notices", "dev_notice_recipients"],
    serverScopes: {
      dev_blocks: { none: "the operators' block list: deleting a server's data must not unblock it" },
      dev_lockdown: { none: "one global switch" },
      dev_notices: { none: "announcements to every server owner" },
      dev_notice_recipients: { none: "which owners an announcement reached, by user" },
    },
    guard: devtoolsGuard,
    jobs: registerNoticeJobs,
    ...devtoolsBot(() => tableScopes(all())),
  });
}
