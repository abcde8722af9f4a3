import { useState, type ComponentType } from "react";

/**
 * Whether a dialog loaded on demand (`next/dynamic`) has been opened: it is rendered, and its code
 * fetched, from its first opening on (not with the page: the page's JavaScript budget), and stays
 * rendered after, so that closing it is the dialog's own close (focus goes back where it was).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A dialog with an `open` prop (a `next/dynamic` one) rendered from its first opening on (useOpenedOnce). */
export function onFirstOpening<P extends { open: boolean }>(Dialog: ComponentType<P>): ComponentType<P> {
  return function OnFirstOpening(props: P) {
    return useOpenedOnce(props.open) ? <Dialog {...props} /> : null;
  };
}
