import type { PaymentPeriod, ServerSetup, SetupUpdateInput, TierSwitchCooldown } from "@hearth/core";

/** The setup form; "" means "none" for every id. */
export interface SetupForm {
  managerRoleId: string;
  grinderBaseRoleId: string;
  paymentsChannelId: string;
  ticketCategoryId: string;
  logChannelId: string;
  eventsManager: string;
  eventsPingRole: string;
  switchTierEnabled: boolean;
  switchTierCooldown: TierSwitchCooldown;
  paymentPeriod: PaymentPeriod;
}

export function setupToForm(setup: ServerSetup): SetupForm {
  return {
    managerRoleId: setup.managerRoleId ?? "",
    grinderBaseRoleId: setup.grinderBaseRoleId ?? "",
    paymentsChannelId: setup.paymentsChannelId ?? "",
    ticketCategoryId: setup.ticketCategoryId ?? "",
    logChannelId: setup.logChannelId ?? "",
    eventsManager: setup.events.manager ?? "",
    eventsPingRole: setup.events.pingRole ?? "",
    switchTierEnabled: setup.grinders.switchTierEnabled,
    switchTierCooldown: setup.grinders.switchTierCooldown,
    paymentPeriod: setup.grinders.paymentPeriod,
  };
}

/** The PUT body of Save All: every field, ids cleared with null; tiers are managed separately. */
export function formToSetupBody(form: SetupForm): SetupUpdateInput {
  const id = (value: string) => (value.trim() === "" ? null : value.trim());
  return {
    managerRoleId: id(form.managerRoleId),
    grinderBaseRoleId: id(form.grinderBaseRoleId),
    paymentsChannelId: id(form.paymentsChannelId),
    ticketCategoryId: id(form.ticketCategoryId),
    logChannelId: id(form.logChannelId),
    events: { manager: id(form.eventsManager), pingRole: id(form.eventsPingRole) },
    grinders: {
      switchTierEnabled: form.switchTierEnabled,
      switchTierCooldown: form.switchTierCooldown,
      paymentPeriod: form.paymentPeriod,
    },
  };
}

/** Where the API's field path of a refusal shows in the form. */
export function setupFieldOf(apiField: string): keyof SetupForm | null {
  const map: Record<string, keyof SetupForm> = {
    managerRoleId: "managerRoleId",
    grinderBaseRoleId: "grinderBaseRoleId",
    paymentsChannelId: "paymentsChannelId",
    ticketCategoryId: "ticketCategoryId",
    logChannelId: "logChannelId",
    "events.manager": "eventsManager",
    "events.pingRole": "eventsPingRole",
    "grinders.switchTierCooldown": "switchTierCooldown",
  };
  return map[apiField] ?? null;
}

/** The new-tier form: Add is enabled only when all three are set (spec §5). */
export interface NewTierForm {
  tierName: string;
  tierPayment: string;
  tierRoleId: string;
}

export function canAddTier(form: NewTierForm): boolean {
  return form.tierName.trim() !== "" && form.tierPayment.trim() !== "" && form.tierRoleId !== "";
}

/** Cooldown choices (spec §9: 0s, 12h, 24h default, 7d). */
export const cooldownLabels: Record<TierSwitchCooldown, string> = {
  "0s": "No cooldown",
  "12h": "12 hours",
  "24h": "24 hours",
  "7d": "7 days",
};

export const periodLabels: Record<PaymentPeriod, string> = {
  daily: "Daily",
  weekly: "Weekly",
  biweekly: "Every two weeks",
  monthly: "Monthly",
};
