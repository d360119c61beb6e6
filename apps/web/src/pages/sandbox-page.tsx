import { Playground } from "../features/playground/playground";

/** `/sandbox`: the demo server, live, as a Discord client (sandbox mode only; see features/playground). */
export function SandboxPage() {
  return <Playground />;
}
