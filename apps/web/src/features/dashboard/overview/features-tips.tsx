import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../shared/card";
import {
  ArrowIcon,
  GiftIcon,
  LightbulbIcon,
  ShieldIcon,
  SparkIcon,
  StarIcon,
  UsersIcon,
  WaveIcon,
} from "../shared/icons";

interface Tip {
  title: string;
  text: string;
  to: string;
  icon: ReactNode;
}

/** Each card's Learn more opens the matching docs page (they exist under /docs). */
export const featureTips: readonly Tip[] = [
  {
    title: "Grinder tracking",
    text: "Record payments with /grinder payments; unpaid members show up here the moment a period ends.",
    to: "/docs/grinder",
    icon: <UsersIcon />,
  },
  {
    title: "Welcome messages",
    text: "Greet new members with an embed, a wave button and tags like {user.mention}.",
    to: "/docs/welcome",
    icon: <WaveIcon />,
  },
  {
    title: "Supporter rewards",
    text: "Give roles to members who wear your server tag or mention you in their status.",
    to: "/docs/statica",
    icon: <StarIcon />,
  },
  {
    title: "Self-roles",
    text: "Let members pick their own ping and colour roles from buttons or a menu.",
    to: "/docs/selfroles",
    icon: <GiftIcon />,
  },
  {
    title: "Embeds & components",
    text: "Design announcements with buttons and menus, then post them from the bot.",
    to: "/docs/embeds",
    icon: <SparkIcon />,
  },
  {
    title: "Keep your token safe",
    text: "Anyone with this dashboard token manages the server. Revoke it with /dashboard revoke.",
    to: "/docs/dashboard",
    icon: <ShieldIcon />,
  },
];

export function FeaturesTips() {
  return (
    <Card title="Bot Features & Tips" description="Get more out of Hearth." icon={<LightbulbIcon />}>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {featureTips.map((tip) => (
          <li
            key={tip.to}
            className="flex flex-col rounded-xl border border-white/[0.06] bg-white/[0.02] p-4"
          >
            <div className="flex items-center gap-2.5">
              <span className="flex size-8 items-center justify-center rounded-lg bg-ember-500/10 text-ember-300">
                {tip.icon}
              </span>
              <h3 className="font-semibold text-stone-100">{tip.title}</h3>
            </div>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-stone-400">{tip.text}</p>
            <Link
              to={tip.to}
              className="mt-3 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-ember-300 hover:text-ember-200"
            >
              Learn more
              <span className="sr-only">about {tip.title.toLowerCase()}</span>
              <ArrowIcon className="size-3.5" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
