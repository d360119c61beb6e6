import { Link } from "react-router";
import {
  Bullets,
  C,
  Callout,
  CardGrid,
  DataTable,
  DocsArticle,
  DocsCta,
  DocsHeader,
  DocsSection,
  InfoCard,
} from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="For larger servers and for people running their own Hearth: events and scheduling, giveaway tuning, the API, and how an instance is configured and scaled." />

      <DocsSection id="giveaways" title="Giveaway tuning" intro="In the dashboard's Giveaways tab.">
        <DataTable
          caption="Giveaway configuration"
          columns={["Setting", "Effect"]}
          rows={[
            [
              "Bypass roles",
              "Holders skip entry requirements (account age, member age, invites, required roles).",
            ],
            ["Blacklist roles", "Holders can't enter; this wins over a bypass role."],
            [
              "Multiplier roles",
              "Holders get 1–10 entries instead of 1 (default 2); the highest multiplier counts.",
            ],
          ]}
        />
        <p className="mt-3 text-sm text-stone-300">
          The <C>min_invites</C> requirement counts the members who joined through a member's invite links and
          are still in the server. Hearth compares each server's invite uses when someone joins, which needs
          the Manage Server permission; without it members are told why they can't meet the requirement, and{" "}
          <C>/giveaway start</C> warns staff. When Setup has an events ping role, a new giveaway mentions it
          (and only it) — see{" "}
          <Link
            to="/docs/events#invite-requirement"
            className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
          >
            Events
          </Link>
          .
        </p>
        <p className="mt-3 text-sm text-stone-300">
          Every public giveaway has a page on this site with its requirements, winners and participants — see{" "}
          <Link to="/giveaways" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
            Giveaways
          </Link>
          .
        </p>
      </DocsSection>

      <DocsSection
        id="events"
        title="Event commands"
        intro={
          <>
            One lottery and one raffle run per server at a time; a lottery is drawn once at its end time (or
            with <C>/lottery draw</C>), a raffle when staff run <C>/raffle draw</C>, and both use the
            giveaways' secure weighted draw. How each event works is on the{" "}
            <Link
              to="/docs/events"
              className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
            >
              Events
            </Link>{" "}
            page.
          </>
        }
      >
        <CommandTable
          caption="Giveaway, birthday, lottery, raffle and tournament commands"
          prefixes={["giveaway", "birthday", "lottery", "raffle", "tournament"]}
        />
        <p className="mt-3 text-sm text-stone-300">
          Birthdays are announced at each member's local midnight (29 February on 28 February in other years),
          once per member and year, with an optional role for 24 hours. Tournaments are single elimination for
          2 to 64 players with byes for the top seeds; only staff report results, and every tournament has a
          public bracket page at <C>/tournaments/{"{serverId}/{id}"}</C>. Details on the{" "}
          <Link
            to="/docs/events#birthdays"
            className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
          >
            Events
          </Link>{" "}
          page.
        </p>
      </DocsSection>

      <DocsSection id="scheduling" title="Scheduled work">
        <Bullets
          items={[
            "Giveaway ends, lottery draws, timers, break restores, temporary bans and timeouts, reward-role expiry and the monthly leaderboard reset are stored as jobs in the database.",
            "Each job runs once at its time, is retried with backoff if it fails, and survives restarts.",
            "Each birthday is a job at the member's local midnight, and each birthday role's removal a job 24 hours later; a birthday job that runs late because Hearth was down announces once while the day lasts, never twice.",
            <>
              Timers: <C>/timer create</C> or the dashboard's Timers tab, with presets of 5, 15 and 30
              minutes, 1, 2 and 24 hours.
            </>,
          ]}
        />
        <div className="mt-6">
          <CommandTable caption="Timer commands" prefixes={["timer"]} />
        </div>
      </DocsSection>

      <DocsSection id="settings" title="Server settings">
        <CardGrid>
          <InfoCard title="Tier switch cooldown">
            How often a grinder may change tier: 0s, 12h, 24h (default) or 7d.
          </InfoCard>
          <InfoCard title="Member trigger limit">
            How many auto-responders (triggers) one member may own: 1 to 100 (default 3). Staff's triggers
            don't count. It is separate from anti-pool protection, which screens event winners.
          </InfoCard>
          <InfoCard title="Discovery listing">
            List your server publicly with an invite, a description of 20–1,000 characters and up to 10 tags.
          </InfoCard>
          <InfoCard title="Data purge">
            Owner only: <C>/purge</C>, or the Danger zone in the dashboard's Settings tab. Confirm by typing
            the server's exact name; every record of the server, in every feature, is deleted and every
            dashboard token revoked. It can't be undone. A server Hearth has left is purged the same way after
            30 days.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="api" title="The API">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          Everything the dashboard does goes through Hearth's HTTP API, described by an OpenAPI document at{" "}
          <C>/api/openapi.json</C> with a browsable reference at <C>/api/docs</C>. Send the raw dashboard
          token in the <C>Authorization</C> header. Errors are JSON with <C>error</C>, <C>message</C> and, for
          validation errors, the <C>field</C>. Public data (discovery, public giveaways, public tournament
          brackets, stats) needs no token.
        </p>
      </DocsSection>

      <DocsSection id="self-hosting" title="Running your own instance">
        <DataTable
          caption="Main configuration variables"
          columns={["Variable", "Meaning"]}
          rows={[
            [
              <C key="a">DISCORD_TOKEN</C>,
              "The bot's token. Without it Hearth runs on a local sandbox with a demo server.",
            ],
            [
              <C key="b">DISCORD_CLIENT_ID</C>,
              "The application id; builds the invite link on the invite page.",
            ],
            [
              <C key="c">DATABASE_URL</C>,
              "A file path for SQLite (default), or postgres://… for PostgreSQL.",
            ],
            [<C key="d">REDIS_URL</C>, "Shares token revocations and failed-login counts between processes."],
            [
              <C key="e">ROLES</C>,
              "api, bot and/or worker: which parts this process runs (all three by default).",
            ],
            [<C key="f">PUBLIC_URL</C>, "Where users reach the site; https:// turns on HSTS."],
            [
              <C key="g">DEVELOPER_IDS</C>,
              "Discord user IDs allowed to use /dev (the developer tools); everyone else is refused.",
            ],
            [
              <C key="h">DEV_GUILD_ID</C>,
              "The developers' server, the only place /dev is registered (defaults to COMMANDS_GUILD_ID).",
            ],
            [<C key="i">DEV_EVAL</C>, "true lets /dev eval run code (off by default)."],
            [
              <C key="j">METRICS_TOKEN</C>,
              "Turns on Prometheus metrics on the API's port, for requests carrying this bearer token only.",
            ],
            [
              <C key="k">METRICS_PORT</C>,
              "A second port serving only the metrics, in any role (how bot and worker processes are scraped).",
            ],
          ]}
        />
        <div className="mt-6 max-w-3xl space-y-3 text-sm leading-relaxed text-stone-300">
          <h3 className="text-base font-semibold text-stone-100">Operator tools</h3>
          <p>
            Whoever runs an instance manages it without a database console. From a shell:{" "}
            <C>npm run admin -- block user|server &lt;id&gt; [--reason …]</C>, <C>unblock &lt;id&gt;</C>,{" "}
            <C>list-blocked</C>, <C>premium &lt;server id&gt; on|off</C> and{" "}
            <C>advertised &lt;server id&gt; on|off</C>.
          </p>
          <p>
            In Discord, for the users in <C>DEVELOPER_IDS</C> on the developers' server: <C>/dev ban</C> and{" "}
            <C>/dev unban</C> (a global block list checked before every command, button and event; a blocked
            server is left), <C>/dev cache</C> (cache sizes, or clear them), <C>/dev eval</C> (only with{" "}
            <C>DEV_EVAL=true</C>; 3-second limit, secrets redacted from the output), <C>/dev lockdown</C> and{" "}
            <C>/dev liftlock</C> (pause every command with a notice), <C>/dev notifyusers</C> (one DM to each
            server owner, paced, resumed after a restart, with the counts of sent and failed) and{" "}
            <C>/dev reset</C> (delete a server's data, or one feature's, after a confirmation button).
          </p>
        </div>
        <Callout tone="tip" title="Scaling out">
          One process with SQLite serves a single community or a few hundred. Beyond that, use PostgreSQL, run
          several stateless api processes behind a load balancer, bot processes for the gateway and workers
          for jobs, with Redis between them. The repository's README has the recipe, and systemd units for
          each role are in <C>deploy/systemd/</C>.
        </Callout>
      </DocsSection>

      <DocsCta
        title="Need a hand?"
        primary={{ to: "/docs/support", label: "Support & Help" }}
        secondary={{ to: "/commands", label: "All commands" }}
      >
        The support server helps with large setups and self-hosting too.
      </DocsCta>
    </DocsArticle>
  );
}
