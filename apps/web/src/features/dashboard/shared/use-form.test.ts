import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useForm } from "./use-form";

interface Form {
  action: string;
  reason: string;
}
const empty: Form = { action: "warn", reason: "" };

describe("useForm", () => {
  it("merges changes into the latest fields, even from a handler made before the last change", () => {
    const { result } = renderHook(() => useForm<Form>(empty));
    const staleUpdate = result.current.update;
    act(() => result.current.update({ action: "ban" }));
    act(() => staleUpdate({ reason: "Scam links" }));
    expect(result.current.form).toEqual({ action: "ban", reason: "Scam links" });
  });

  it("clears the form after a save when nothing changed since it was sent", () => {
    const { result } = renderHook(() => useForm<Form>(empty));
    act(() => result.current.update({ reason: "Keep it kind" }));
    const sent = result.current.form;
    act(() => result.current.resetIfUnchanged(sent, empty));
    expect(result.current.form).toEqual(empty);
  });

  it("keeps what was typed after the save was sent when the save's answer comes late", () => {
    const { result } = renderHook(() => useForm<Form>(empty));
    act(() => result.current.update({ reason: "Keep it kind" }));
    const sent = result.current.form;
    act(() => result.current.update({ action: "ban", reason: "Scam links" }));
    act(() => result.current.resetIfUnchanged(sent, empty));
    expect(result.current.form).toEqual({ action: "ban", reason: "Scam links" });
  });
});
