import { useId } from "react";

/** The flame mark; decorative, so callers provide the accessible name. */
export function Logo({ className }: { className?: string }) {
  // Gradient ids are document-global; the header and footer both render a logo.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#ea580c" />
          <stop offset="0.6" stopColor="#fb923c" />
          <stop offset="1" stopColor="#fde68a" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="#1a1512" />
      <path
        d="M16 4.5c.9 4.2 7 6.9 7 13.6a7 7 0 0 1-14 0c0-3.3 1.7-5.5 3.5-7.2.3 2.2 1.4 3.6 2.8 4.1-.5-4.1.6-7.8.7-10.5z"
        fill={`url(#${gradientId})`}
      />
      <path
        d="M16 17.2c1.9 1.5 3.1 3 3.1 4.9a3.1 3.1 0 0 1-6.2 0c0-1.9 1.3-3.4 3.1-4.9z"
        fill="#fff7ed"
        opacity=".9"
      />
    </svg>
  );
}
