import { Link } from "react-router";
import { useLoginModal } from "../../lib/login-modal-context";
import { useSessionToken } from "../../lib/use-session";
import { buttonClass } from "../ui/button-styles";

function DashboardIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 md:max-lg:hidden">
      <path d="M3 3h6v8H3zM11 3h6v5h-6zM11 10h6v7h-6zM3 13h6v4H3z" />
    </svg>
  );
}

/** Goes to the dashboard when signed in; otherwise asks for a token (spec: dashboard-and-api §2). */
export function DashboardButton() {
  const token = useSessionToken();
  const loginModal = useLoginModal();
  const className = buttonClass("soft", "sm");

  if (token) {
    return (
      <Link to="/dashboard" className={className}>
        <DashboardIcon />
        Dashboard
      </Link>
    );
  }
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={loginModal.open}>
      <DashboardIcon />
      Dashboard
    </button>
  );
}
