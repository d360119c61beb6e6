import type { SandboxAnswersResponse, SandboxModal } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DiscordLookupProvider } from "../../components/discord-message/lookups";
import { buttonClass } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { Logo } from "../../components/ui/logo";
import { MAIN_CONTENT_ID } from "../../components/ui/skip-link";
import { LoadingState } from "../../components/ui/status-message";
import { errorText } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { useNow } from "../../lib/use-now";
import {
  commandsQuery,
  messagesQuery,
  serverQuery,
  useChooseOptions,
  usePressButton,
  useReact,
  useRunCommand,
  useSendMessage,
  useSubmitModal,
} from "./api";
import { BotForm } from "./bot-form";
import { ChannelSidebar } from "./channel-sidebar";
import { CommandForm, type OptionValues } from "./command-form";
import { Composer, type ComposerCommand } from "./composer";
import { IdentityPicker } from "./identity-picker";
import { MemberList } from "./member-list";
import { type MessageHandlers, MessageList } from "./message-list";
import { SandboxUnavailable } from "./sandbox-unavailable";
import { SimulatePanel } from "./simulate-panel";
import { useLiveChanges } from "./use-live-changes";
import { lookupsOf, resolveViewer } from "./world";

interface OpenForm {
  modal: SandboxModal;
  channelId: string;
  messageId: string | null;
}

/**
 * The sandbox as a Discord client: the demo server's channels, the open channel's messages as
 * Discord renders them, the member list, and everything a member can do, as whoever the visitor
 * chooses to be. Live: what the bot does appears at once.
 */
export function Playground() {
  const [params, setParams] = useSearchParams();
  const as = params.get("as");
  const channelParam = params.get("channel");
  const live = useLiveChanges();
  const now = useNow(30_000);
  const [limit, setLimit] = useState(50);
  const [panel, setPanel] = useState<"channels" | "members" | "simulate" | null>(null);
  const [commandForm, setCommandForm] = useState<ComposerCommand | null>(null);
  const [botForm, setBotForm] = useState<OpenForm | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const simulateTitle = useId();
  const channelsTitle = useId();
  const membersTitle = useId();

  const first = useQuery(serverQuery(null));
  const viewerId = resolveViewer(first.data, as);
  const view = useQuery({ ...serverQuery(viewerId), enabled: viewerId !== null });
  const server = view.data ?? first.data;
  const commands = useQuery({ ...commandsQuery(viewerId ?? ""), enabled: viewerId !== null });

  const visibleText =
    server?.channels.filter((channel) => channel.canView && [0, 5].includes(channel.type)) ?? [];
  const channelId =
    channelParam === "dm"
      ? "dm"
      : (visibleText.find((channel) => channel.id === channelParam)?.id ??
        visibleText.find((channel) => channel.name === "general")?.id ??
        visibleText[0]?.id ??
        "");
  const channel = server?.channels.find((candidate) => candidate.id === channelId);
  const readFrom = channelId === "dm" ? (viewerId ? `dm-${viewerId}` : "") : channelId;
  const messages = useQuery({ ...messagesQuery(readFrom, viewerId, limit), enabled: readFrom !== "" });
  const lookups = useMemo(
    () => lookupsOf(server, messages.data?.users ?? [], now),
    [server, messages.data, now],
  );

  const send = useSendMessage();
  const runCommand = useRunCommand();
  const press = usePressButton();
  const choose = useChooseOptions();
  const submitForm = useSubmitModal();
  const react = useReact();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: false });
  };
  const openChannel = (id: string) => {
    setLimit(50);
    setPanel(null);
    update({ channel: id });
  };
  const fail = (what: string) => (error: unknown) =>
    setStatus(`${what}: ${errorText(error, "something went wrong")}`);
  /** The bot's answers: a form opens as a dialog; messages arrive through the live updates. */
  const answered = (answers: SandboxAnswersResponse, channelForForm: string, messageId: string | null) => {
    setStatus(null);
    const form = answers.answers.find((answer) => answer.modal)?.modal;
    if (form) setBotForm({ modal: form, channelId: channelForForm, messageId });
  };

  if (first.isPending)
    return <LoadingState className="min-h-dvh bg-[#313338]">Opening the sandbox…</LoadingState>;
  if (first.isError || !server) return <SandboxUnavailable error={first.error} />;

  const interactive = channelId !== "dm" && viewerId !== null;
  const refusalOf = (name: string) =>
    commands.data?.commands.find((command) => command.name === name)?.refusal ?? null;
  const run = (entry: ComposerCommand["entry"], values: OptionValues) => {
    if (!viewerId || channelId === "dm") return;
    setCommandForm(null);
    runCommand
      .mutateAsync({ channelId, userId: viewerId, name: entry.name, options: values })
      .then((answers) => answered(answers, channelId, null), fail(`/${entry.name}`));
  };
  const handlers: MessageHandlers = {
    onButton: (message, button) => {
      if (!viewerId || !button.customId) return;
      press
        .mutateAsync({ userId: viewerId, messageId: message.id, customId: button.customId })
        .then((answers) => answered(answers, message.channelId, message.id), fail("The button"));
    },
    onSelect: (message, select, values) => {
      if (!viewerId) return;
      choose
        .mutateAsync({ userId: viewerId, messageId: message.id, customId: select.customId, values })
        .then((answers) => answered(answers, message.channelId, message.id), fail("The menu"));
    },
    onReact: (message, emoji, remove) => {
      if (!viewerId) return;
      react
        .mutateAsync({ channelId: message.channelId, messageId: message.id, userId: viewerId, emoji, remove })
        .then(() => setStatus(null), fail("The reaction"));
    },
  };

  const disabledReason =
    channelId === "dm"
      ? "Hearth's direct messages are read-only here: the bot writes, you read."
      : channel && !channel.canSend
        ? "You do not have permission to send messages in this channel."
        : null;
  const label = channelId === "dm" ? "Direct messages from Hearth" : `Messages in #${channel?.name ?? ""}`;
  const sidebar = (
    <>
      <div className="flex h-12 shrink-0 items-center border-b border-[#1e1f22] px-4 font-semibold text-[#f2f3f5] shadow-sm">
        {server.guild.name}
      </div>
      <ChannelSidebar server={server} current={channelId} onOpen={openChannel} />
    </>
  );
  const members = (
    <MemberList
      server={server}
      viewerId={viewerId}
      onActAs={(userId) => {
        setPanel(null);
        update({ as: userId });
      }}
      onOpenDms={(userId) => {
        setPanel(null);
        update({ as: userId, channel: "dm" });
      }}
    />
  );

  return (
    <DiscordLookupProvider value={lookups}>
      <div className="flex h-dvh flex-col bg-[#313338] text-[#dbdee1]">
        <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-[#1e1f22] bg-[#1e1f22] px-3 py-2">
          <Link to="/" className="flex items-center gap-2 font-semibold text-[#f2f3f5]">
            <Logo className="size-6" />
            <span>
              Hearth <span className="font-normal text-[#b5bac1]">sandbox</span>
            </span>
          </Link>
          <span
            className={cn(
              "flex items-center gap-1 text-xs",
              live === "live" ? "text-emerald-300" : "text-amber-300",
            )}
            role="status"
          >
            <span
              aria-hidden="true"
              className={cn("size-2 rounded-full", live === "live" ? "bg-emerald-400" : "bg-amber-400")}
            />
            {live === "live" ? "Live" : live === "connecting" ? "Connecting…" : "Reconnecting…"}
          </span>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <IdentityPicker
              server={server}
              as={as}
              viewerId={viewerId}
              onChange={(value) => update({ as: value })}
            />
            <button type="button" className={buttonClass("soft", "sm")} onClick={() => setPanel("simulate")}>
              Simulate
            </button>
          </div>
        </header>
        <div className="flex min-h-0 flex-1">
          <div className="hidden w-60 shrink-0 flex-col bg-[#2b2d31] md:flex">{sidebar}</div>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
            <div className="flex h-12 shrink-0 items-center gap-2 border-b border-[#1e1f22] px-3 shadow-sm">
              <button
                type="button"
                className="rounded px-2 py-1 text-sm hover:bg-white/10 md:hidden"
                onClick={() => setPanel("channels")}
              >
                <span aria-hidden="true">☰ </span>Channels
              </button>
              <h1 className="truncate font-semibold text-[#f2f3f5]">
                {channelId === "dm" ? "✉️ Direct messages" : `# ${channel?.name ?? ""}`}
              </h1>
              {channel?.topic && (
                <p className="hidden truncate border-l border-[#3f4147] pl-2 text-sm text-[#949ba4] sm:block">
                  {channel.topic}
                </p>
              )}
              <button
                type="button"
                className="ml-auto rounded px-2 py-1 text-sm hover:bg-white/10 lg:hidden"
                onClick={() => setPanel("members")}
              >
                Members
              </button>
            </div>
            {messages.isError ? (
              <p role="alert" className="p-6 text-red-300">
                Couldn't read the messages: {errorText(messages.error, "try again")}
              </p>
            ) : (
              <MessageList
                label={label}
                messages={messages.data?.messages ?? []}
                hasMore={messages.data?.hasMore ?? false}
                loading={messages.isPending}
                interactive={interactive}
                serverEmojis={server.emojis}
                handlers={handlers}
                onLoadEarlier={() => setLimit((value) => Math.min(100, value + 50))}
                emptyText={
                  channelId === "dm"
                    ? "Hearth hasn't sent this member a direct message yet. Grinder DMs, token DMs and notifications appear here."
                    : undefined
                }
              />
            )}
            <p role="status" className="min-h-0 px-4 text-sm text-red-300 empty:hidden">
              {status}
            </p>
            <Composer
              channelName={channelId === "dm" ? "direct messages" : (channel?.name ?? "")}
              disabledReason={disabledReason}
              commands={commands.data?.commands ?? []}
              busy={send.isPending}
              onSend={async (content) => {
                if (!viewerId) return false;
                try {
                  await send.mutateAsync({ channelId, userId: viewerId, content });
                  setStatus(null);
                  return true;
                } catch (error) {
                  fail("Couldn't send")(error);
                  return false;
                }
              }}
              onCommand={(command) => {
                const options = command.entry.options ?? [];
                if (options.length === 0) run(command.entry, {});
                else setCommandForm(command);
              }}
            />
          </main>
          <div className="hidden w-60 shrink-0 flex-col bg-[#2b2d31] lg:flex">{members}</div>
        </div>
      </div>

      <CommandForm
        command={commandForm?.entry ?? null}
        refusal={commandForm ? refusalOf(commandForm.entry.name) : null}
        server={server}
        onClose={() => setCommandForm(null)}
        onRun={run}
      />
      <BotForm
        modal={botForm?.modal ?? null}
        onClose={() => setBotForm(null)}
        onSubmit={(fields) => {
          if (!botForm || !viewerId) return;
          const form = botForm;
          setBotForm(null);
          submitForm
            .mutateAsync({
              userId: viewerId,
              channelId: form.channelId,
              customId: form.modal.customId,
              messageId: form.messageId,
              fields,
            })
            .then((answers) => answered(answers, form.channelId, form.messageId), fail("The form"));
        }}
      />
      <Dialog
        open={panel === "simulate"}
        onClose={() => setPanel(null)}
        labelledBy={simulateTitle}
        placement="right"
      >
        <div className="flex items-center justify-between border-b border-white/10 px-6 py-4">
          <h2 id={simulateTitle} className="text-lg font-semibold text-stone-50">
            Simulate
          </h2>
          <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setPanel(null)}>
            Close
          </button>
        </div>
        <SimulatePanel
          server={server}
          viewerId={viewerId}
          onJoined={() => {
            const welcome = server.channels.find((candidate) => candidate.name === "welcome");
            if (welcome) update({ channel: welcome.id });
          }}
        />
      </Dialog>
      <Dialog
        open={panel === "channels"}
        onClose={() => setPanel(null)}
        labelledBy={channelsTitle}
        placement="right"
      >
        <div className="flex h-full flex-col bg-[#2b2d31]">
          <div className="flex items-center justify-between px-4 pt-3">
            <h2 id={channelsTitle} className="text-lg font-semibold text-stone-50">
              Channels
            </h2>
            <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setPanel(null)}>
              Close
            </button>
          </div>
          {sidebar}
        </div>
      </Dialog>
      <Dialog
        open={panel === "members"}
        onClose={() => setPanel(null)}
        labelledBy={membersTitle}
        placement="right"
      >
        <div className="flex h-full flex-col bg-[#2b2d31]">
          <div className="flex items-center justify-between px-4 pt-3">
            <h2 id={membersTitle} className="text-lg font-semibold text-stone-50">
              Members
            </h2>
            <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setPanel(null)}>
              Close
            </button>
          </div>
          {members}
        </div>
      </Dialog>
    </DiscordLookupProvider>
  );
}
