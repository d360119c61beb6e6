import { Link } from "react-router";
import { ButtonLink } from "../components/ui/button-link";

const suggestions = [
  { to: "/commands", label: "Commands" },
  { to: "/docs", label: "Documentation" },
  { to: "/discovery", label: "Server Discovery" },
  { to: "/support", label: "Support" },
];

export function NotFoundPage() {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">404</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50 sm:text-5xl">Page not found</h1>
      <p className="mt-5 text-lg text-stone-300">The page you are looking for doesn’t exist or has moved.</p>
      <ButtonLink to="/" className="mt-10">
        Back to home
      </ButtonLink>
      <nav aria-label="Suggested pages" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {suggestions.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="rounded text-ember-300 underline underline-offset-4 hover:text-ember-200"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
