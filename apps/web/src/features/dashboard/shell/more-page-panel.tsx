import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from "react";
import { RequirePermission } from "../session/permission";
import type { MorePage } from "../shared/more-pages";
import { PanelError, PanelLoading } from "../shared/panel-state";

type LazyPage = LazyExoticComponent<ComponentType>;

/** One lazy component per page, made on first use, so each page's code is its own chunk loaded once. */
const loaded = new Map<string, LazyPage>();

function lazyPage(page: MorePage, fresh = false): LazyPage {
  let component = loaded.get(page.id);
  if (!component || fresh) {
    component = lazy(page.load);
    loaded.set(page.id, component);
  }
  return component;
}

interface BoundaryProps {
  page: MorePage;
  children: (component: LazyPage) => ReactNode;
}

interface BoundaryState {
  failed: boolean;
  component: LazyPage;
}

/**
 * A page that fails, to load its chunk (a lost connection, a deploy that replaced it) or while
 * rendering, shows an error with a retry in its place; the navigation stays. A retry imports the
 * chunk again (React keeps a failed lazy import failed, so it takes a new one).
 */
class PageBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, component: lazyPage(this.props.page) };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children(this.state.component);
    return (
      <PanelError
        message={`Couldn't open ${this.props.page.label}.`}
        onRetry={() => this.setState({ failed: false, component: lazyPage(this.props.page, true) })}
      />
    );
  }
}

/**
 * The open "More" page: loaded on demand with a placeholder meanwhile, kept to itself when it fails,
 * and read-only with the reason below the level it needs.
 */
export function MorePagePanel({ page }: { page: MorePage }) {
  return (
    // Keyed by page, so a failure or a half-loaded page never carries over to the next one.
    <PageBoundary key={page.id} page={page}>
      {(Page) => (
        <Suspense fallback={<PanelLoading label={`Loading ${page.label}…`} rows={4} />}>
          <RequirePermission required={page.required} what={page.label}>
            <Page />
          </RequirePermission>
        </Suspense>
      )}
    </PageBoundary>
  );
}
