import { PageIntro } from "../components/ui/page-intro";

export function InvitePage() {
  return (
    <PageIntro eyebrow="Add to Server" title="Invite Hearth">
      This page will take you to Discord to authorise Hearth and list the five permissions it needs to work.
    </PageIntro>
  );
}
