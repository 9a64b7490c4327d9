/** Route `handle`: which layout wraps the page (default when absent). */
/** `bare`: the page draws its whole body itself (the back office) */
export type LayoutName = 'default' | 'empty' | 'minimal' | 'bare';
export interface RouteHandle {
  layout?: LayoutName;
}
