import type { SandboxAnswersResponse, SandboxMessage } from "@hearth/core";
import type { OutgoingMessage } from "../discord/port/port.ts";
import type { SandboxInteractionResponse } from "../discord/sandbox/interaction-answers.ts";
import { viewPayload } from "../discord/sandbox/views.ts";
import { makeSnowflake } from "../lib/snowflake.ts";

// Ephemeral answers: Discord shows them only to the member who asked, and keeps them nowhere. The
// sandbox records them in its outbox only, so the playground keeps each member's in memory (per
// process, the latest 50 per member and channel) to show them to that member alone.

interface Kept {
  message: SandboxMessage;
}

const perConversation = 50;

export class EphemeralAnswers {
  private readonly kept = new Map<string, Kept[]>();

  /** The member's ephemeral answers in a channel, oldest first. */
  list(userId: string, channelId: string): SandboxMessage[] {
    return (this.kept.get(`${userId}:${channelId}`) ?? []).map((entry) => entry.message);
  }

  clear(): void {
    this.kept.clear();
  }

  private keep(userId: string, message: SandboxMessage): void {
    const key = `${userId}:${message.channelId}`;
    const list = this.kept.get(key) ?? [];
    list.push({ message });
    if (list.length > perConversation) list.splice(0, list.length - perConversation);
    this.kept.set(key, list);
  }

  private replace(userId: string, id: string, outgoing: OutgoingMessage): SandboxMessage | null {
    for (const [key, list] of this.kept) {
      if (!key.startsWith(`${userId}:`)) continue;
      const entry = list.find((candidate) => candidate.message.id === id);
      if (!entry) continue;
      entry.message = { ...entry.message, ...viewPayload(outgoing), editedAt: Date.now() };
      return entry.message;
    }
    return null;
  }

  /**
   * Turns the bot's answers to one interaction into what its member saw: ephemeral replies,
   * follow-ups and edits of an ephemeral reply are kept for that member; public ones are already in
   * the channel (the sandbox stored them); a form is handed back for the page to open.
   */
  record(
    responses: readonly SandboxInteractionResponse[],
    context: { userId: string; channelId: string; botUserId: string; command: string | null },
  ): SandboxAnswersResponse {
    const answers: SandboxAnswersResponse["answers"] = [];
    let ephemeralOriginal: string | null = null;
    let deferredEphemeral = false;
    const ephemeral = (outgoing: OutgoingMessage): SandboxMessage => {
      const message: SandboxMessage = {
        id: makeSnowflake(),
        channelId: context.channelId,
        authorId: context.botUserId,
        ...viewPayload(outgoing),
        reactions: [],
        createdAt: Date.now(),
        editedAt: null,
        ephemeral: true,
        command: context.command ? { name: context.command, userId: context.userId } : null,
      };
      this.keep(context.userId, message);
      return message;
    };
    const visible = (outgoing: OutgoingMessage): SandboxMessage => ({
      id: "",
      channelId: context.channelId,
      authorId: context.botUserId,
      ...viewPayload(outgoing),
      reactions: [],
      createdAt: Date.now(),
      editedAt: null,
      ephemeral: false,
      command: context.command ? { name: context.command, userId: context.userId } : null,
    });
    for (const response of responses) {
      const outgoing = response.message;
      switch (response.type) {
        case "modal":
          if (response.modal) {
            answers.push({ kind: "modal", ephemeral: true, message: null, modal: response.modal });
          }
          break;
        case "defer":
          deferredEphemeral = response.ephemeral === true;
          answers.push({ kind: "deferred", ephemeral: deferredEphemeral, message: null, modal: null });
          break;
        case "reply":
        case "followUp": {
          if (!outgoing) break;
          if (response.ephemeral) {
            const message = ephemeral(outgoing);
            if (response.type === "reply") ephemeralOriginal = message.id;
            answers.push({ kind: "message", ephemeral: true, message, modal: null });
          } else {
            answers.push({ kind: "message", ephemeral: false, message: visible(outgoing), modal: null });
          }
          break;
        }
        case "edit": {
          if (!outgoing) break;
          const edited = ephemeralOriginal ? this.replace(context.userId, ephemeralOriginal, outgoing) : null;
          if (edited) {
            answers.push({ kind: "update", ephemeral: true, message: edited, modal: null });
          } else if (deferredEphemeral) {
            const message = ephemeral(outgoing);
            ephemeralOriginal = message.id;
            answers.push({ kind: "message", ephemeral: true, message, modal: null });
          } else {
            answers.push({ kind: "update", ephemeral: false, message: visible(outgoing), modal: null });
          }
          break;
        }
        case "update":
          if (outgoing) {
            answers.push({ kind: "update", ephemeral: false, message: visible(outgoing), modal: null });
          }
          break;
        default:
          break;
      }
    }
    return { answers };
  }
}
