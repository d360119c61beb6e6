import { C, Callout, CardGrid, DataTable, DocsSection, InfoCard, Steps } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function BirthdaysSection() {
  return (
    <DocsSection
      id="birthdays"
      title="Birthdays"
      intro="Members save their birthday; Hearth announces it at midnight in the member's own time zone and can give a birthday role for the day."
    >
      <Steps
        steps={[
          {
            title: "Staff choose where",
            body: (
              <>
                <C>/birthday setup channel:#events role:@Birthday</C>, optionally with your own <C>message</C>
                . Each run replaces the whole setup: leaving out <C>role</C> means no role, leaving out{" "}
                <C>message</C> means the default message.
              </>
            ),
          },
          {
            title: "Members save their day",
            body: (
              <>
                <C>/birthday set month:7 day:20 timezone:Europe/Berlin</C>. Running it again replaces the
                birthday; leave out <C>timezone</C> to keep the one you saved (UTC the first time).
              </>
            ),
          },
          {
            title: "Hearth celebrates",
            body: (
              <>
                At 00:00 in the member's time zone Hearth posts the message in the channel (pinging only that
                member) and gives the role, which it takes back 24 hours later.
              </>
            ),
          },
        ]}
      />

      <div className="mt-6">
        <CommandTable caption="Birthday commands" prefixes={["birthday"]} />
      </div>

      <div className="mt-6">
        <DataTable
          caption="What /birthday set saves"
          columns={["Option", "What it does"]}
          rows={[
            [<C key="m">month</C>, "1 to 12."],
            [<C key="d">day</C>, "1 to the month's last day; 29 February is allowed."],
            [
              <C key="y">year</C>,
              "Optional, 1900 to this year, used only to work out the age. It is never shown anywhere unless you also set show_age.",
            ],
            [
              <C key="t">timezone</C>,
              "An IANA name such as Europe/London, America/New_York or Asia/Tokyo (any capitalisation). Offsets like +02:00 are refused because they ignore daylight saving time.",
            ],
            [
              <C key="s">show_age</C>,
              "true shows the age you turn in the announcement and in /birthday list; it needs year. Default: hidden.",
            ],
          ]}
        />
      </div>

      <div className="mt-6">
        <CardGrid>
          <InfoCard title="29 February">
            Celebrated on 28 February in years without a 29 February, and on the day itself in leap years.
          </InfoCard>
          <InfoCard title="Once a year, never twice">
            Each member is announced at most once per year: Hearth records the year it announced. A birthday
            saved on the day itself (after its midnight) is first celebrated next year, and changing the date
            after this year's announcement doesn't earn a second one.
          </InfoCard>
          <InfoCard title="If Hearth was offline at midnight">
            Every birthday is a job stored in the database. When Hearth comes back it announces the birthdays
            it missed — once — as long as the member's birthday started less than 24 hours ago; older ones are
            skipped rather than celebrated on the wrong day. A failed post (Discord briefly down) is retried.
          </InfoCard>
          <InfoCard title="The birthday role">
            Given at the announcement and removed 24 hours after the birthday began, by a job that survives
            restarts. Hearth needs Manage Roles and a highest role above the birthday role;{" "}
            <C>/birthday setup</C> warns you if it can't give it.
          </InfoCard>
          <InfoCard title="Nothing is announced when…">
            the server hasn't run <C>/birthday setup</C> (members who save a birthday are told), the member
            has left, or Hearth can't post in the channel (logged; the role is still not given).
          </InfoCard>
          <InfoCard title="Privacy">
            <C>/birthday list</C> shows the next 10 birthdays (date, member, when) and an age only for members
            who chose <C>show_age</C>. <C>/birthday remove</C> deletes your date, year and time zone.
          </InfoCard>
        </CardGrid>
      </div>

      <div className="mt-6">
        <DataTable
          caption="Birthday message tags"
          columns={["Tag", "Becomes"]}
          rows={[
            [
              <C key="u">{"{user.mention}"}</C>,
              "A mention of the member (the only ping the message can make).",
            ],
            [
              <C key="a">{"{birthday.age}"}</C>,
              "The age they turn, only when they chose show_age; otherwise nothing. Also spelled {age}.",
            ],
            [
              <C key="i">{"{if(birthday.age): Turning {birthday.age}!}"}</C>,
              "Writes the text only when the age is shown, so a hidden age leaves no dangling words.",
            ],
            [
              <C key="o">{"{user.displayName}, {server.name}, …"}</C>,
              "Every tag of the welcome template language works here too.",
            ],
          ]}
        />
        <Callout tone="info" title="The default message">
          <C>
            {
              "🎉 Happy birthday, {user.mention}!{if(birthday.age): Turning {birthday.age} today.} Have a wonderful day! 🎂"
            }
          </C>{" "}
          A custom message can be up to 1,500 characters; tags Hearth doesn't know are refused with a
          suggestion.
        </Callout>
      </div>
    </DocsSection>
  );
}
