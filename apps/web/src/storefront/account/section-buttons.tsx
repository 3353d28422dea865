/**
 * The account pages' view and edit modes (spec 3 §4.9): Edit in view mode; Save and Cancel in edit mode
 * (Save submits the section's form). My Profile, its Password section and the address book use it.
 */
export function SectionButtons({ editing, busy, onEdit, onCancel }: { editing: boolean; busy: boolean; onEdit: () => void; onCancel: () => void }) {
  if (!editing) {
    return (
      <button key="edit" type="button" className="co-button co-button-secondary ac-small" onClick={onEdit}>
        Edit
      </button>
    );
  }
  return (
    <div className="ac-section-buttons">
      <button type="button" className="co-button co-button-secondary ac-small" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button key="save" type="submit" className="co-button co-button-primary ac-small" disabled={busy}>
        Save
      </button>
    </div>
  );
}
