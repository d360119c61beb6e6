import { tips, tipsEveryLimits } from "@hearth/core";
import { Bullets, C, DocsSection } from "../ui/blocks";

/** The Tips switch: an occasional line about a Hearth feature under command replies. */
export function TipsSection() {
  return (
    <DocsSection
      id="tips"
      title="Tips"
      intro={
        <>
          With the <strong>Tips</strong> switch on (on by default), one command reply in every{" "}
          {tipsEveryLimits.default} gets a short line under it about a Hearth feature, e.g. “💡 Tip:{" "}
          {tips[0]?.text}”.
        </>
      }
    >
      <Bullets
        items={[
          <>
            How often: the <strong>Tip frequency</strong> field on the Settings tab ({tipsEveryLimits.min} to{" "}
            {tipsEveryLimits.max}; <C>tipsEvery</C> in the API). Every Nth command reply of the server carries
            one; error answers don't count.
          </>,
          <>
            Tips rotate through {tips.length} tips, each naming a real command, and never suggest the command
            you just used. A reply too long to fit a tip goes without one.
          </>,
          <>Switching Tips off stops them at once.</>,
        ]}
      />
    </DocsSection>
  );
}
