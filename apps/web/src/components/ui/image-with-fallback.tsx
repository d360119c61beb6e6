import { useState } from "react";

interface ImageWithFallbackProps {
  src: string | null | undefined;
  fallback: string;
  alt: string;
  className?: string;
  size: number;
}

/** An image that swaps to a local default when its source is missing or fails to load. */
export function ImageWithFallback({ src, fallback, alt, className, size }: ImageWithFallbackProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : fallback;
  return (
    <img
      src={usable}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => {
        if (usable !== fallback) setFailed(usable);
      }}
    />
  );
}
