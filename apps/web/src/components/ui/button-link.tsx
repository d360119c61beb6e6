import { Link, type LinkProps } from "react-router";
import { cn } from "../../lib/cn";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-styles";

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={cn(buttonClass(variant, size), className)} {...props} />;
}
