import type { ServerSettings } from "@hearth/core";
import type { ReactNode } from "react";
import { Card } from "../shared/card";
import { SettingsIcon, SparkIcon } from "../shared/icons";
import { Switch } from "../shared/switch";
import { useEditSettings } from "./api";
import { TipsFrequency } from "./tips-frequency";

type ToggleKey =
  | "eventsCheatEnabled"
  | "calculatorEnabled"
  | "bankCalculatorEnabled"
  | "tipsEnabled"
  | "marketCheckerEnabled"
  | "heist_image"
  | "rumbleTrackerEnabled";

export const toggleLabels: Record<ToggleKey, { label: string; description: string }> = {
  eventsCheatEnabled: {
    label: "Event helper",
    description: "Posts the answer when an in-chat event asks a question.",
  },
  calculatorEnabled: {
    label: "Calculator",
    description: "Members can work out sums and amounts like 1.5m × 3.",
  },
  bankCalculatorEnabled: {
    label: "Bank calculator",
    description: "Splits heist and bank payouts between the crew.",
  },
  tipsEnabled: { label: "Tips", description: "An occasional tip under command replies." },
  marketCheckerEnabled: { label: "Market checker", description: "Looks up item prices when members ask." },
  heist_image: { label: "Heist image", description: "Adds an image to heist announcements." },
  rumbleTrackerEnabled: {
    label: "Rumble tracker",
    description: "Tracks rumble games and posts the winners.",
  },
};

export const coreToggles: ToggleKey[] = [
  "eventsCheatEnabled",
  "calculatorEnabled",
  "bankCalculatorEnabled",
  "tipsEnabled",
  "marketCheckerEnabled",
  "heist_image",
];
export const advancedToggles: ToggleKey[] = ["rumbleTrackerEnabled"];

function ToggleList({
  keys,
  settings,
  serverId,
  below = {},
}: {
  keys: ToggleKey[];
  settings: ServerSettings;
  serverId: string;
  /** A switch's own field, shown right under it (the tip frequency under Tips). */
  below?: Partial<Record<ToggleKey, ReactNode>>;
}) {
  const edit = useEditSettings(serverId);
  return (
    <div className="divide-y divide-white/[0.06]">
      {keys.map((key) => (
        <div key={key} className="py-3.5 first:pt-0 last:pb-0">
          <Switch
            label={toggleLabels[key].label}
            description={toggleLabels[key].description}
            checked={settings[key]}
            pending={edit.isPending && edit.variables?.[key] !== undefined}
            onChange={(next) => edit.mutate({ [key]: next })}
          />
          {below[key] && <div className="mt-3">{below[key]}</div>}
        </div>
      ))}
    </div>
  );
}

export function FeatureToggles({ settings, serverId }: { settings: ServerSettings; serverId: string }) {
  return (
    <>
      <Card title="Core Features" description="Changes apply at once." icon={<SettingsIcon />}>
        <ToggleList
          keys={coreToggles}
          settings={settings}
          serverId={serverId}
          below={{ tipsEnabled: <TipsFrequency settings={settings} serverId={serverId} /> }}
        />
      </Card>
      <Card title="Advanced Features" icon={<SparkIcon />}>
        <ToggleList keys={advancedToggles} settings={settings} serverId={serverId} />
      </Card>
    </>
  );
}
