import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  /** Enter in a field or a submit button; the zod schema checks the input, not the browser. */
  onSubmit: () => unknown;
};

/** A form the browser neither validates nor posts: submitting runs `onSubmit`. */
export function SubmitForm({ onSubmit, children, ...rest }: Props) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
