/** The insights charts' colours, one per measure (legible on the dashboard's dark surface). */
export const insightsColours = {
  joins: "#34d399",
  leaves: "#f87171",
  net: "#fbbf24",
  messages: "#fb923c",
  active: "#38bdf8",
  commands: "#a78bfa",
  entries: "#f472b6",
  revenue: "#facc15",
  channels: "#fb923c",
};
