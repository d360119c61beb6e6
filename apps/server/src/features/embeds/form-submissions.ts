import type { EmbedDraft } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { ModalInteraction } from "../../discord/port/interaction.ts";
import { AppError, badRequest, forbidden } from "../../lib/errors.ts";
import { buttonPrefix, modalPrefix, parseCustomId } from "./builder.ts";
import { applyFieldForm, applyForm, type BuilderForm, readYesNo } from "./builder-forms.ts";
import { builderFor, jumpLink, sessionOf } from "./controls.ts";
import { importJson } from "./import-export.ts";
import { sendSession } from "./sending.ts";
import { changeDraft, describeProblems, keepRefusedForm } from "./service.ts";
import { saveTemplate } from "./templates.ts";

/**
 * The builder's submitted forms: a change to the draft, saving a template, importing JSON or
 * sending. A refused form keeps what was typed, and **Fix it** reopens it.
 */

const isForm = (name: string): name is BuilderForm =>
  /^(body|author|footer|colour|images|addfield|buttons|save|import|send|field:\d{1,2})$/.test(name);

/** A submitted builder form: `embed:m:<form>:<session>`. */
export async function onModal(ctx: AppContext, interaction: ModalInteraction): Promise<void> {
  const parsed = parseCustomId(modalPrefix, interaction.data.customId);
  if (!parsed || !isForm(parsed.name)) throw badRequest("This form is no longer in use.");
  const form = parsed.name;
  const session = await sessionOf(ctx, interaction, parsed.sessionId);
  const { fields, member } = interaction.data;
  const refuse = async (message: string) => {
    await keepRefusedForm(ctx, session.id, { form, fields });
    await interaction.reply(
      {
        content: `${message}\nYour draft is unchanged. **Fix it** reopens the form with what you typed.`,
        components: [
          [
            {
              type: "button",
              style: "primary",
              label: "Fix it",
              emoji: "✏️",
              customId: `${buttonPrefix}retry:${session.id}`,
            },
          ],
        ],
      },
      { ephemeral: true },
    );
  };
  try {
    let next: EmbedDraft;
    let note: string | undefined;
    switch (form) {
      case "save": {
        const replace = readYesNo(fields.replace);
        if (replace === null)
          throw badRequest("Answer **yes** or **no** for replacing a template.", "replace");
        const saved = await saveTemplate(ctx, session.serverId, {
          name: fields.name ?? "",
          draft: session.draft,
          userId: interaction.data.user.id,
          replace,
        });
        await interaction.update(
          await builderFor(
            ctx,
            session,
            member,
            `💾 ${saved.replaced ? "Replaced" : "Saved"} the template **${saved.template.name}**.`,
          ),
        );
        return;
      }
      case "send": {
        if (!member) throw forbidden("Embeds are sent from a server.");
        const sent = await sendSession(ctx, session, member, {
          channel: fields.channel ?? "",
          content: fields.content ?? "",
        });
        await interaction.update(
          await builderFor(
            ctx,
            session,
            member,
            `✅ Sent to <#${sent.channelId}> · [jump to it](${jumpLink(session.serverId, sent.channelId, sent.messageId)}). Send again or keep editing.`,
          ),
        );
        return;
      }
      case "import": {
        const imported = importJson(fields.json ?? "");
        next = imported.draft;
        note = ["📥 Imported the JSON.", ...imported.notes].join(" ");
        break;
      }
      default:
        next =
          form === "addfield" || form.startsWith("field:")
            ? applyFieldForm(session.draft, form, fields)
            : applyForm(session.draft, form, fields);
    }
    const change = await changeDraft(ctx, session, next, { form, fields });
    if (!change.ok) {
      await refuse(describeProblems(change.problems));
      return;
    }
    await interaction.update(await builderFor(ctx, change.session, member, note));
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 409)) {
      await refuse(error.message);
      return;
    }
    throw error;
  }
}
