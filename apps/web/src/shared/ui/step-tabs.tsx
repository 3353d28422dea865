import type { ReactNode } from 'react';
import { TabPanel, TabView } from 'primereact/tabview';

export type Step = { header: string; content: ReactNode };

type Props = {
  steps: Step[];
  /** The last step the user may open; later ones are locked until the earlier ones are saved. */
  reached: number;
  active: number;
  onActiveChange: (index: number) => void;
};

/**
 * Tabs that double as the steps of a creation (spec 1 §4, branch creation): a locked tab shows a
 * padlock and cannot be opened; the page moves `reached` and `active` on as each step is saved.
 */
export function StepTabs({ steps, reached, active, onActiveChange }: Props) {
  return (
    // Scrollable: on a phone the step names do not fit side by side, and arrows reach the rest.
    <TabView activeIndex={Math.min(active, reached)} onTabChange={(e) => e.index <= reached && onActiveChange(e.index)} className="step-tabs" scrollable>
      {steps.map((step, i) => (
        <TabPanel
          key={step.header}
          header={step.header}
          disabled={i > reached}
          rightIcon={i > reached ? 'pi pi-lock step-lock' : undefined}
        >
          {step.content}
        </TabPanel>
      ))}
    </TabView>
  );
}
