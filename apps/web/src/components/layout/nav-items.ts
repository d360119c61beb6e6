export interface NavItem {
  to: string;
  label: string;
}

// Order and labels are the spec's (site-and-docs §2, "Site header and footer").
export const mainNavItems: readonly NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/commands", label: "Commands" },
  { to: "/docs", label: "Docs" },
  { to: "/discovery", label: "Discovery" },
  { to: "/giveaways", label: "Giveaways" },
  { to: "/invite", label: "Invite" },
  { to: "/support", label: "Support" },
];

export const footerNavGroups: readonly { heading: string; items: readonly NavItem[] }[] = [
  {
    heading: "Product",
    items: [
      { to: "/commands", label: "Commands" },
      { to: "/invite", label: "Invite" },
      { to: "/support", label: "Support" },
      { to: "/discovery", label: "Discovery" },
    ],
  },
  {
    heading: "Legal",
    items: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
];
