import { antipool } from "./antipool/index.ts";
import { audit } from "./audit/index.ts";
import { auth } from "./auth/index.ts";
import { bankcalc } from "./bankcalc/index.ts";
import { birthdays } from "./birthdays/index.ts";
import { boards } from "./boards/index.ts";
import { calculator } from "./calculator/index.ts";
import { devtools } from "./devtools/index.ts";
import { discovery } from "./discovery/index.ts";
import { embeds } from "./embeds/index.ts";
import { eventHelper } from "./event-helper/index.ts";
import type { Feature } from "./feature.ts";
import { giveaways } from "./giveaways/index.ts";
import { grinders } from "./grinders/index.ts";
import { guilds } from "./guilds/index.ts";
import { heist } from "./heist/index.ts";
import { insights } from "./insights/index.ts";
import { invites } from "./invites/index.ts";
import { lottery } from "./lottery/index.ts";
import { market } from "./market/index.ts";
import { messageComponents } from "./message-components/index.ts";
import { messageDesigner } from "./message-designer/index.ts";
import { moderation } from "./moderation/index.ts";
import { perks } from "./perks/index.ts";
import { purge } from "./purge/index.ts";
import { raffle } from "./raffle/index.ts";
import { rumble } from "./rumble/index.ts";
import { selfroles } from "./selfroles/index.ts";
import { settings } from "./settings/index.ts";
import { setup } from "./setup/index.ts";
import { statica } from "./statica/index.ts";
import { status } from "./status/index.ts";
import { sticky } from "./sticky/index.ts";
import { timers } from "./timers/index.ts";
import { tournaments } from "./tournaments/index.ts";
import { triggers } from "./triggers/index.ts";
import { votes } from "./votes/index.ts";
import { welcome } from "./welcome/index.ts";

/**
 * Every feature of the program, one line each. The order is the demo seed's dependency order
 * (setup and tiers before grinders; settings before discovery).
 */
export const features: readonly Feature[] = [
  status,
  guilds,
  audit,
  auth,
  setup,
  settings,
  grinders,
  invites,
  giveaways,
  birthdays,
  tournaments,
  lottery,
  raffle,
  discovery,
  statica,
  welcome,
  timers,
  sticky,
  moderation,
  votes,
  boards,
  perks,
  selfroles,
  messageComponents,
  embeds,
  messageDesigner,
  calculator,
  bankcalc,
  market,
  // Both walk every feature's tables (the data purge, /dev reset), so they get the list itself.
  purge(() => features),
  devtools(() => features),
  triggers,
  rumble,
  eventHelper,
  heist,
  antipool,
  insights,
];
