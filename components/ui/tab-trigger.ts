/** A tab trigger (Radix Tabs) underlined in the primary colour when active; the panels' tabs share it. */
export const tabTriggerClass =
  "relative px-3 py-2 text-sm text-muted-foreground hover:text-foreground data-[state=active]:text-foreground data-[state=active]:after:absolute data-[state=active]:after:inset-x-2 data-[state=active]:after:-bottom-px data-[state=active]:after:h-0.5 data-[state=active]:after:bg-primary focus-visible:outline-2 focus-visible:outline-ring";
