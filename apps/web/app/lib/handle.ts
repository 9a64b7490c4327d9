/** Route `handle`: which layout wraps the page (default when absent). */
export type LayoutName = 'default' | 'empty' | 'minimal';
export interface RouteHandle {
  layout?: LayoutName;
}
