import { Component, type ReactNode } from "react";
import { PanelError } from "./panel-state";

interface PanelBoundaryProps {
  /** What the panel shows, for the message: "Couldn't show Revenue Insights." */
  name: string;
  children: ReactNode;
}

interface PanelBoundaryState {
  failed: boolean;
}

/**
 * Keeps a panel that throws while rendering to itself: the panel's place shows an error with a
 * retry (render it again), and the panels beside it stay. Data errors are the panel's own to show
 * (`PanelError` with the query's refetch); this catches what slips past them.
 */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { failed: false };

  static getDerivedStateFromError(): PanelBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <PanelError
        message={`Couldn't show ${this.props.name}.`}
        onRetry={() => this.setState({ failed: false })}
      />
    );
  }
}
