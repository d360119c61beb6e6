import { ButtonLink } from "../components/ui/button-link";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">404</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50 sm:text-5xl">Page not found</h1>
      <p className="mt-5 text-lg text-stone-300">The page you are looking for doesn’t exist or has moved.</p>
      <ButtonLink to="/" className="mt-10">
        Back to home
      </ButtonLink>
    </section>
  );
}
