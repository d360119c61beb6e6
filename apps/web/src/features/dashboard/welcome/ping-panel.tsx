import { type PingOnJoinConfig, pingOnJoinLimits } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { Banner, useBanner } from "../shared/banner";
import { Card } from "../shared/card";
import { channelName } from "../shared/channel-options";
import { inputClass } from "../shared/form-controls";
import { MailIcon, TrashIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { Switch } from "../shared/switch";
import {
  pingOnJoinQuery,
  useAddPingChannel,
  useRemovePingChannel,
  useSavePing,
  useTogglePing,
  welcomeChannelsQuery,
} from "./api";
import { pingAddProblem, pingTexts } from "./welcome-rules";

/** Ping on Join: mention each new member in chosen channels (the ping is deleted a few seconds later). */
export function PingPanel({ serverId }: { serverId: string }) {
  const config = useQuery(pingOnJoinQuery(serverId));
  const channels = useQuery(welcomeChannelsQuery(serverId));
  const banner = useBanner();
  const toggle = useTogglePing(serverId);
  const add = useAddPingChannel(serverId);
  const remove = useRemovePingChannel(serverId);
  const save = useSavePing(serverId);
  const [choice, setChoice] = useState("");
  // Custom ping texts being edited, by channel id; saved together with Save.
  const [messages, setMessages] = useState<Record<string, string> | null>(null);

  if (config.isError && !config.data) {
    return (
      <Card title="Ping on Join" icon={<MailIcon />}>
        <PanelError
          message={pingTexts.loadFailed}
          onRetry={() => void config.refetch()}
          error={config.error}
        />
      </Card>
    );
  }
  if (!config.data) {
    return (
      <Card title="Ping on Join" icon={<MailIcon />}>
        <PanelLoading label="Loading ping on join" rows={3} />
      </Card>
    );
  }

  const data: PingOnJoinConfig = config.data;
  const shown = messages ?? data.messages;
  const full = data.channels.length >= pingOnJoinLimits.channels;

  const addChannel = () => {
    const problem = pingAddProblem(data.channels, choice);
    if (problem === "blank") return;
    if (problem === "duplicate") {
      banner.error(pingTexts.duplicate);
      return;
    }
    add.mutate(choice, {
      onSuccess: () => {
        setChoice("");
        banner.success(pingTexts.added);
      },
      onError: () => banner.error(pingTexts.addFailed),
    });
  };

  const saveMessages = () =>
    save.mutate(
      {
        enabled: data.enabled,
        channels: data.channels,
        messages: Object.fromEntries(Object.entries(shown).filter(([id]) => data.channels.includes(id))),
      },
      {
        onSuccess: () => {
          setMessages(null);
          banner.success(pingTexts.saved);
        },
        onError: () => banner.error(pingTexts.updateFailed),
      },
    );

  return (
    <Card
      title="Ping on Join"
      description="Mention new members where they should look first."
      icon={<MailIcon />}
    >
      <Banner message={banner.message} />
      <div className="space-y-5">
        <Switch
          label="Enable Ping on Join"
          description="Applies at once."
          checked={data.enabled}
          pending={toggle.isPending}
          disabled={toggle.isPending}
          onChange={(enabled) =>
            toggle.mutate(enabled, {
              onSuccess: () => banner.success(enabled ? pingTexts.enabled : pingTexts.disabled),
              onError: () => banner.error(pingTexts.updateFailed),
            })
          }
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <ChannelPicker
              label="Add a channel"
              value={choice || null}
              onChange={(id) => setChoice(id ?? "")}
              exclude={new Set(data.channels)}
              disabled={full}
              placeholder={full ? "Channel limit reached" : "Search channels…"}
            />
          </div>
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={!choice || add.isPending}
            onClick={addChannel}
          >
            {add.isPending ? "Adding…" : "Add"}
          </button>
        </div>
        {data.channels.length === 0 ? (
          <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-center text-sm text-stone-400">
            No channels yet.
          </p>
        ) : (
          <ul
            aria-label="Ping channels"
            className="max-h-72 divide-y divide-white/[0.06] overflow-y-auto rounded-xl border border-white/[0.08]"
          >
            {data.channels.map((id) => (
              <li key={id} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center">
                <span className="min-w-0 font-medium text-stone-100 sm:w-40 sm:shrink-0 sm:truncate">
                  {channelName(channels.data, id)}
                </span>
                <input
                  aria-label={`Ping text for ${channelName(channels.data, id)}`}
                  className={cn(inputClass, "h-9 flex-1")}
                  maxLength={pingOnJoinLimits.message}
                  placeholder="Just the mention"
                  value={shown[id] ?? ""}
                  onChange={(event) => setMessages({ ...shown, [id]: event.target.value })}
                />
                <button
                  type="button"
                  aria-label={`Remove ${channelName(channels.data, id)}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(id, {
                      onSuccess: () => banner.success(pingTexts.removed),
                      onError: () => banner.error(pingTexts.removeFailed),
                    })
                  }
                  className="inline-flex h-9 items-center justify-center gap-1.5 self-end rounded-lg px-2.5 text-sm text-stone-300 hover:bg-red-500/10 hover:text-red-200 sm:self-auto"
                >
                  <TrashIcon className="size-4" />
                  <span className="sm:sr-only">Remove</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs leading-relaxed text-stone-400">
            Configure at least one channel. Hearth needs the Send Messages and View Channel permissions there.
          </p>
          <button
            type="button"
            className={buttonClass("primary", "sm")}
            disabled={messages === null || save.isPending}
            onClick={saveMessages}
          >
            {save.isPending ? "Saving…" : "Save"}
          </button>
        </div>
      </div>
    </Card>
  );
}
