import {
  type BankSplit,
  BankSplitError,
  CalcError,
  calculate,
  formatRational,
  type OrganiserCut,
  type Rational,
  rationals,
  splitBank,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Embed } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import { isEnabled } from "../settings/service.ts";

/** What `/bankcalc` was given, as typed. */
export interface BankCalcInput {
  total: string;
  members?: number;
  /** Member mentions (`<@id>`), separated by anything. */
  crew?: string;
  fee?: string;
  organiserCut?: string;
}

export interface BankCalcResult {
  split: BankSplit;
  /** The members named in `crew`, in order, without repeats. */
  crewIds: string[];
  feePercent: Rational | null;
  cutPercent: Rational | null;
}

export const bankCalculatorOff =
  "The bank calculator is switched off on this server. A manager can switch it on with `/settings feature:bank_calculator toggle:true` or on the dashboard's Settings tab.";

function value(text: string, field: string): Rational {
  try {
    return calculate(text);
  } catch (error) {
    if (error instanceof CalcError) throw badRequest(`**${field}**: ${error.message}.`, field);
    throw error;
  }
}

const percentOf = (text: string, field: string) => value(text.trim().replace(/%$/, ""), field);

/**
 * `/bankcalc`: refuses while the Bank calculator switch is off; reads the amounts the way the
 * calculator does (`250m`, `1.2b`, even `2b-10%`) and splits in whole coins (`splitBank`).
 */
export async function bankCalc(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  input: BankCalcInput,
): Promise<BankCalcResult> {
  if (!(await isEnabled(ctx, serverId, "bankCalculatorEnabled"))) throw badRequest(bankCalculatorOff);
  const total = value(input.total, "total");
  if (!rationals.isInteger(total)) throw badRequest("**total** must be a whole number of coins.", "total");

  const crewIds = [...new Set([...(input.crew ?? "").matchAll(/<@!?(\d{17,20})>/g)].map((m) => m[1] ?? ""))];
  if (input.crew !== undefined && crewIds.length === 0) {
    throw badRequest("**crew** should list members as mentions, e.g. `@Ana @Ben`.", "crew");
  }
  if (crewIds.length > 0 && input.members !== undefined && input.members !== crewIds.length) {
    throw badRequest(
      `**members** says ${input.members} but **crew** names ${crewIds.length}. Give one of them.`,
      "members",
    );
  }
  const members = crewIds.length > 0 ? crewIds.length : input.members;
  if (members === undefined) throw badRequest("Say how many **members** share it, or list them in **crew**.");

  const feePercent = input.fee === undefined ? null : percentOf(input.fee, "fee");
  let organiserCut: OrganiserCut | undefined;
  let cutPercent: Rational | null = null;
  if (input.organiserCut !== undefined) {
    if (input.organiserCut.trim().endsWith("%")) {
      cutPercent = percentOf(input.organiserCut, "organiser_cut");
      organiserCut = { percent: cutPercent };
    } else {
      const amount = value(input.organiserCut, "organiser_cut");
      if (!rationals.isInteger(amount)) {
        throw badRequest("**organiser_cut** must be whole coins, or a percentage like 15%.", "organiser_cut");
      }
      organiserCut = { amount: amount.n };
    }
  }
  try {
    const split = splitBank({
      total: total.n,
      members,
      ...(feePercent ? { feePercent } : {}),
      ...(organiserCut ? { organiserCut } : {}),
    });
    return { split, crewIds, feePercent, cutPercent };
  } catch (error) {
    if (error instanceof BankSplitError) throw badRequest(error.message, error.field);
    throw error;
  }
}

const coins = (amount: bigint) => {
  const { short, full } = formatRational(rationals.rational(amount));
  return short === full ? `**${short}**` : `**${short}** (${full})`;
};
const percentText = (p: Rational) => `${formatRational(p).full}%`;

/** The split as a table embed: one inline field per line of the sum, the crew with their shares. */
export function bankSplitEmbed(result: BankCalcResult, organiserId: string): Embed {
  const { split, crewIds, feePercent, cutPercent } = result;
  const fields = [
    { name: "Total", value: coins(split.total), inline: true },
    {
      name: feePercent ? `Fee (${percentText(feePercent)})` : "Fee",
      value: split.fee > 0n ? `−${coins(split.fee)}` : "none",
      inline: true,
    },
    {
      name: cutPercent ? `Organiser's cut (${percentText(cutPercent)})` : "Organiser's cut",
      value: split.organiserCut > 0n ? `−${coins(split.organiserCut)} to <@${organiserId}>` : "none",
      inline: true,
    },
    { name: `Shared by ${split.members}`, value: coins(split.pool), inline: true },
    { name: "Each member gets", value: coins(split.share), inline: true },
    {
      name: "Remainder",
      value: split.remainder > 0n ? `${coins(split.remainder)} (doesn't divide evenly)` : "none",
      inline: true,
    },
  ];
  // Everyone gets the same share, so the crew is one line of mentions: 100 members stay far under
  // the 4,096-character description and the 6,000 characters of a whole message.
  const crew =
    crewIds.length > 0
      ? `Each gets ${coins(split.share)}: ${crewIds.map((id) => `<@${id}>`).join(" ")}`
      : null;
  return {
    title: "🏦 Bank split",
    color: 0xf97316,
    ...(crew ? { description: crew } : {}),
    fields,
    footer: { text: "Whole coins: the fee and the cut are rounded down; the remainder stays with the bank." },
  };
}
