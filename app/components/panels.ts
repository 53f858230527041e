/** `?panel=menu` opens the drawer, so it works without JavaScript like the invite panel. */
export const MENU_PANEL = "menu";
/** The header's hamburger; focus goes back to it when the drawer closes. */
export const MENU_BUTTON_ID = "side-menu-button";

/** The current URL with `panel` set (or removed for null); every other parameter stays. */
export function panelHref(pathname: string, search: string, panel: string | null): string {
  const params = new URLSearchParams(search);
  if (panel) params.set("panel", panel);
  else params.delete("panel");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
