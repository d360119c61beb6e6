import { Link } from "react-router";
import { Logo } from "../ui/logo";

export function BrandLink() {
  return (
    <Link
      to="/"
      className="inline-flex shrink-0 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-stone-50"
    >
      <Logo className="size-8" />
      Hearth
    </Link>
  );
}
