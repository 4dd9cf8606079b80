import { useEffect, useRef, type RefObject } from "react";

/**
 * "A click-outside behaviour" (access-and-surroundings section 5), the one hook for every menu
 * and popover: while `active`, a mouse press outside `ref`'s element calls `onOutside`.
 */
export function useClickOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  const latest = useRef(onOutside);
  latest.current = onOutside;
  useEffect(() => {
    if (!active) return;
    const down = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) latest.current();
    };
    document.addEventListener("mousedown", down);
    return () => document.removeEventListener("mousedown", down);
  }, [ref, active]);
}
