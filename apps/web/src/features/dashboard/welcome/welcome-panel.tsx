import type { WelcomeConfig } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useId, useMemo } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { Banner, useBanner } from "../shared/banner";
import { Card } from "../shared/card";
import { WaveIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { PreviewFallback } from "../shared/preview-fallback";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { Switch } from "../shared/switch";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDraft } from "../shared/use-draft";
import { useSaveWelcome, useTestWelcome, useToggleWelcome, welcomeQuery } from "./api";
import { TagReference } from "./tag-reference";
import { ButtonFields, EmbedFields } from "./welcome-fields";
import { canTest, welcomeFieldErrors, welcomeTexts } from "./welcome-rules";

// The preview's Discord renderer loads with the panel, not with the dashboard's first page.
const LivePreview = lazy(() =>
  import("./welcome-preview").then((module) => ({ default: module.LivePreview })),
);

const copy = (config: WelcomeConfig): WelcomeConfig => structuredClone(config);

export function WelcomePanel({ serverId }: { serverId: string }) {
  const config = useQuery(welcomeQuery(serverId));
  const draft = useDraft(config.data, copy);
  useUnsavedChanges(draft.dirty);
  const banner = useBanner();
  const save = useSaveWelcome(serverId);
  const toggle = useToggleWelcome(serverId);
  const test = useTestWelcome();
  const testHintId = useId();
  const value = draft.value;
  const errors = useMemo(() => (value ? welcomeFieldErrors(value) : {}), [value]);

  if (config.isError && !config.data) {
    return (
      <Card title="Welcome Messages" icon={<WaveIcon />}>
        <PanelError
          message={welcomeTexts.loadFailed}
          onRetry={() => void config.refetch()}
          error={config.error}
        />
      </Card>
    );
  }
  if (!value) {
    return (
      <Card title="Welcome Messages" icon={<WaveIcon />}>
        <PanelLoading label="Loading welcome configuration" rows={6} />
      </Card>
    );
  }

  const embed = value.embed;
  const setEmbed = (patch: Partial<WelcomeConfig["embed"]>) =>
    draft.update({ embed: { ...embed, ...patch } });
  const setButton = (patch: Partial<WelcomeConfig["button"]>) =>
    draft.update({ button: { ...value.button, ...patch } });
  const busy = test.isPending || save.isPending || toggle.isPending;

  const switchEnabled = (enabled: boolean) =>
    toggle.mutate(enabled, {
      onSuccess: (saved) => {
        if (draft.dirty) draft.update({ enabled: saved.enabled });
        banner.success(enabled ? welcomeTexts.enabled : welcomeTexts.disabled);
      },
      onError: () => banner.error(welcomeTexts.toggleFailed),
    });

  const saveConfig = () => {
    if (Object.keys(errors).length > 0) {
      banner.error(welcomeTexts.saveFailed);
      return;
    }
    save.mutate(value, {
      onSuccess: () => {
        draft.reset();
        banner.success(welcomeTexts.saved);
      },
      onError: () => banner.error(welcomeTexts.saveFailed),
    });
  };

  const sendTest = () =>
    test.mutate(value, {
      onSuccess: () => banner.success(welcomeTexts.tested),
      onError: () => banner.error(welcomeTexts.testFailed),
    });

  return (
    <Card
      title="Welcome Messages"
      description="Greet every new member with an embed in the channel you choose."
      icon={<WaveIcon />}
      actions={
        <span
          className={cn(
            "rounded-full border px-2 py-0.5 text-xs font-semibold",
            value.enabled
              ? "border-emerald-400/30 bg-emerald-400/10 text-emerald-200"
              : "border-white/10 bg-white/5 text-stone-300",
          )}
        >
          {value.enabled ? "Enabled" : "Disabled"}
        </span>
      }
    >
      <Banner message={banner.message} />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="space-y-6">
          <Switch
            label="Enable welcome messages"
            description="Applies at once."
            checked={value.enabled}
            pending={toggle.isPending}
            disabled={toggle.isPending}
            onChange={switchEnabled}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <ChannelPicker
              label="Channel"
              error={errors.channelId}
              value={value.channelId}
              onChange={(channelId) => draft.update({ channelId })}
            />
            <Switch
              className="sm:pt-7"
              label="Mention the new member"
              checked={value.mentionUser}
              onChange={(mentionUser) => draft.update({ mentionUser })}
            />
          </div>

          <EmbedFields embed={embed} errors={errors} setEmbed={setEmbed} />
          <ButtonFields button={value.button} errors={errors} setButton={setButton} />
          <TagReference />
        </div>

        <div className="space-y-4 xl:sticky xl:top-20 xl:self-start">
          <Suspense fallback={<PreviewFallback caption="Preview — the welcome a new member gets" />}>
            <LivePreview serverId={serverId} config={value} />
          </Suspense>
          {draft.dirty && (
            <p
              role="status"
              className="rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
            >
              {welcomeTexts.unsaved}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={buttonClass("primary", "sm")}
              disabled={!draft.dirty || save.isPending}
              onClick={saveConfig}
            >
              {save.isPending ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              disabled={!canTest(value, busy)}
              onClick={sendTest}
              aria-describedby={value.channelId ? undefined : testHintId}
            >
              {test.isPending ? "Sending…" : "Test"}
            </button>
            {test.isSuccess && <SeeInSandbox channelId={test.variables?.channelId} />}
            {draft.dirty && (
              <button type="button" className={buttonClass("ghost", "sm")} onClick={draft.reset}>
                Discard changes
              </button>
            )}
          </div>
          {!value.channelId && (
            <p id={testHintId} className="text-xs text-stone-400">
              {welcomeTexts.selectChannelFirst}
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}
