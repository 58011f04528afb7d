import { useState } from 'react';
import type { Profile } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';

/** Name, email and phone with the Edit modal (SPEC §2 Profile), and a new email waiting for its link (issue 23). */
export function ProfileDetails({ user }: { user: Profile }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <dl className="grid gap-4 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <dt className="text-ink-600">Name</dt>
          <dd className="mt-0.5 font-semibold wrap-anywhere text-ink-900">{user.name}</dd>
        </div>
        <div>
          <dt className="text-ink-600">Email</dt>
          <dd className="mt-0.5 font-semibold wrap-anywhere text-ink-900">{user.email}</dd>
          {user.pendingEmail ? (
            <dd className="mt-1 text-xs wrap-anywhere text-ink-600">
              New email waiting for confirmation: {user.pendingEmail}. It replaces this one once the
              link we sent there is opened.
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-ink-600">Phone</dt>
          <dd className="mt-0.5 font-semibold text-ink-900">
            {user.phone || <span className="font-normal text-ink-600">Not added</span>}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        onClick={() => setEditing(true)}
        className={buttonStyles({ variant: 'outline', size: 'sm', className: 'mt-5' })}
      >
        Edit<span className="sr-only"> profile</span>
      </button>
      {editing ? <EditProfileDialog user={user} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
