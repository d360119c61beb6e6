import {
  type CreateTriggerBody,
  type ServerTrigger,
  type TriggerMatchMode,
  type TriggerPreviewBody,
  type TriggerReplyType,
  triggerLimits,
} from "@hearth/core";
import type { FieldErrors } from "../shared/errors";

/** The trigger form's fields, as typed. */
export interface TriggerForm {
  keyword: string;
  match: TriggerMatchMode;
  replyType: TriggerReplyType;
  embedTitle: string;
  response: string;
}

export const emptyTriggerForm: TriggerForm = {
  keyword: "",
  match: "word",
  replyType: "text",
  embedTitle: "",
  response: "",
};

export function formOf(trigger: ServerTrigger): TriggerForm {
  return {
    keyword: trigger.keyword,
    match: trigger.match,
    replyType: trigger.replyType,
    embedTitle: trigger.embedTitle ?? "",
    response: trigger.response,
  };
}

/** The longest reply of a type: a message's content, or an embed's description. */
export const responseMax = (type: TriggerReplyType) =>
  type === "embed" ? triggerLimits.embedDescriptionMax : triggerLimits.textMax;

/** The form's problems, with the server's limits (`triggerLimits`), by field. */
export function validateTrigger(form: TriggerForm): FieldErrors {
  const errors: FieldErrors = {};
  const keyword = form.keyword.trim();
  if (keyword === "") errors.keyword = "Enter the keyword members type.";
  else if (keyword.length > triggerLimits.keywordMax)
    errors.keyword = `The keyword can be at most ${triggerLimits.keywordMax} characters.`;
  const response = form.response.trim();
  const max = responseMax(form.replyType);
  if (response === "") errors.response = "Enter what Hearth answers.";
  else if (response.length > max)
    errors.response = `A ${form.replyType} reply can be at most ${max.toLocaleString("en-US")} characters.`;
  if (form.replyType === "embed" && form.embedTitle.trim().length > triggerLimits.embedTitleMax)
    errors.embedTitle = `The title can be at most ${triggerLimits.embedTitleMax} characters.`;
  return errors;
}

/** The API body of a valid form (an embed title only for embed replies). */
export function bodyOf(form: TriggerForm): CreateTriggerBody {
  return {
    keyword: form.keyword.trim(),
    response: form.response.trim(),
    match: form.match,
    replyType: form.replyType,
    embedTitle: form.replyType === "embed" ? form.embedTitle.trim() || null : null,
  };
}

/** What the preview endpoint is asked to render; null while there is no reply to show. */
export function previewBodyOf(form: TriggerForm): TriggerPreviewBody | null {
  const response = form.response.trim();
  if (response === "" || response.length > responseMax(form.replyType)) return null;
  return {
    response,
    replyType: form.replyType,
    embedTitle: form.replyType === "embed" ? form.embedTitle.trim() || null : null,
  };
}

export const sameForm = (a: TriggerForm, b: TriggerForm) =>
  a.keyword === b.keyword &&
  a.match === b.match &&
  a.replyType === b.replyType &&
  a.embedTitle === b.embedTitle &&
  a.response === b.response;
