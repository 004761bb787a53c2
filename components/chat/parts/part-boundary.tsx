"use client";

import { Component, type ReactNode } from "react";
import type { Part } from "@/lib/api/schemas";
import { UnknownPartView } from "./unknown-part";

interface Props {
  part: Part;
  children: ReactNode;
}
interface State {
  failed: boolean;
  part: Part;
}

/** If a part's component throws (a malformed part), that part falls back to its JSON card; the page stays up. */
export class PartBoundary extends Component<Props, State> {
  state: State = { failed: false, part: this.props.part };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // The next version of the part gets another chance.
    return props.part !== state.part ? { failed: false, part: props.part } : null;
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  render() {
    if (this.state.failed)
      return <UnknownPartView part={this.props.part} note="This step could not be displayed; here is its raw data." />;
    return this.props.children;
  }
}
