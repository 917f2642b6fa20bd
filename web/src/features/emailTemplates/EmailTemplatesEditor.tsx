import { emailTemplateEdit, type EmailTemplateEdit, type EmailTemplateItem } from '@reelmates/contracts/emailTemplates'
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query'
import { characterCount, hasVisibleCharacter } from '@reelmates/contracts/text'
import { useEffect, useMemo, useState } from 'react'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { FieldProblem, problemProps } from '../../components/form/FieldProblem'
import { UnsavedChangesDialog } from '../../components/shell/UnsavedChangesDialog'
import { ConfirmDialog } from '../../components/social/ConfirmDialog'
import { tellRefusal } from '../../lib/mutations'
import { useOneSendAtATime } from '../../lib/oneSendAtATime'
import { isDoubleClickRepeat } from '../../lib/quickPresses'
import { useShownFailure } from '../../lib/shownFailure'
import { toast } from '../../lib/toast'
import { useUnsavedChanges, type WrittenWords } from '../../lib/unsavedChanges'
import { emailTemplateCalls, type RenderedMail } from './emailTemplateCalls'
import { emailTemplateKeys, emailTemplatesQuery } from './queries'
import { LoadingLine } from '../../components/shell/NotSavedOffline'

const field =
  'mt-1 w-full rounded-xl border border-white/10 bg-zinc-950/60 px-3 py-2 text-sm text-white focus:border-gold focus:outline-none'

/** The fields an admin writes, with the longest text the server takes for each (from the contract). */
const limits = {
  subject: { label: 'Subject', maxLength: emailTemplateEdit.shape.subject.maxLength ?? undefined },
  textContent: { label: 'Text', maxLength: emailTemplateEdit.shape.textContent.maxLength ?? undefined },
  htmlContent: { label: 'HTML', maxLength: emailTemplateEdit.shape.htmlContent.maxLength ?? undefined },
}
type WrittenField = keyof typeof limits
const wordsLabels: Record<WrittenField, string> = { subject: 'subject', textContent: 'text', htmlContent: 'HTML' }

/**
 * What the server would refuse, said by the field's name. The boxes have no maxLength: it counts UTF-16
 * units and would cut a paste of emoji silently, where the server counts characters.
 */
function problemOf(edit: EmailTemplateEdit): { field: WrittenField; message: string } | null {
  for (const [field, { label, maxLength }] of Object.entries(limits) as [
    WrittenField,
    (typeof limits)[WrittenField],
  ][]) {
    const text = edit[field].trim()
    // Zero-width spaces alone show nothing: the server refuses them as an empty field, so the form does too.
    if (!hasVisibleCharacter(text)) return { field, message: `${label} cannot be empty` }
    if (maxLength !== undefined && characterCount(text) > maxLength)
      return { field, message: `${label} must be at most ${maxLength} characters` }
  }
  return null
}

const editOf = (template: EmailTemplateItem): EmailTemplateEdit => ({
  subject: template.subject,
  textContent: template.textContent,
  htmlContent: template.htmlContent,
  description: template.description,
})

/**
 * The templates every mail is rendered from: pick one, edit it, preview it with sample values or mail
 * it to yourself as it stands (saved or not), save or restore.
 */
export function EmailTemplatesEditor() {
  const list = useQuery(emailTemplatesQuery())
  const failure = useShownFailure(list)
  const [chosen, setChosen] = useState<string | null>(null)
  // The open template's changes not saved yet (its form tells): leaving the page, or opening another
  // template (which replaces the form), asks first.
  const [unsaved, setUnsaved] = useState<readonly WrittenWords[] | null>(null)
  const dirty = unsaved !== null
  const leaving = useUnsavedChanges(dirty, unsaved ?? undefined)
  const [switchingTo, setSwitchingTo] = useState<string | null>(null)
  const templates = list.data?.templates ?? []
  const template = templates.find((candidate) => candidate.name === chosen) ?? templates[0]
  // A refused list used to say "Loading templates…" for good.
  if (failure && !list.data) return <AdminLoadFailed error={failure} onRetry={() => void list.refetch()} />
  if (!template) return <LoadingLine what="templates" />
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="Email templates">
        <ul className="flex gap-2 overflow-x-auto md:flex-col">
          {templates.map((candidate) => (
            <li key={candidate.name} className="shrink-0">
              <button
                type="button"
                onClick={() =>
                  dirty && candidate.name !== template.name ? setSwitchingTo(candidate.name) : setChosen(candidate.name)
                }
                aria-current={candidate.name === template.name ? 'true' : undefined}
                className={`w-full rounded-xl px-3 py-2 text-left text-sm ${
                  candidate.name === template.name ? 'bg-white text-zinc-900' : 'text-zinc-300 hover:bg-white/5'
                }`}
              >
                {candidate.name}
                {candidate.edited ? <span className="ml-2 text-xs text-gold">edited</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {/* One form per template, kept across refetches: another admin's save reaching the list must not
          throw away what is typed here (the form's save is refused instead, saying so). */}
      <TemplateForm key={template.name} template={template} onUnsavedChange={setUnsaved} />
      <UnsavedChangesDialog leaving={leaving} />
      <UnsavedChangesDialog
        title="Leave this template?"
        leaving={
          switchingTo === null ? null : { stay: () => setSwitchingTo(null), leave: () => setChosen(switchingTo) }
        }
      />
    </div>
  )
}

function TemplateForm({
  template,
  onUnsavedChange,
}: {
  template: EmailTemplateItem
  /** Told the words changed and not saved yet (null: nothing unsaved), for the page's question. */
  onUnsavedChange: (words: readonly WrittenWords[] | null) => void
}) {
  const queryClient = useQueryClient()
  const [edit, setEdit] = useState(() => editOf(template))
  // The template's version as this form knows it (opened, saved or restored here): a save or a restore
  // is refused when the server has a later one, rather than writing over another admin's edit.
  const [basedOn, setBasedOn] = useState(template.editedAt)
  const [lastSaved, setLastSaved] = useState(edit)
  const dirty = JSON.stringify(edit) !== JSON.stringify(lastSaved)
  // Kept for the admin if their session ends under the form (SessionEnded.tsx).
  const words = useMemo(
    () =>
      dirty
        ? (Object.keys(wordsLabels) as WrittenField[])
            .filter((key) => edit[key] !== lastSaved[key])
            .map((key) => ({ label: `Your ${wordsLabels[key]} for ${template.name}`, text: edit[key] }))
        : null,
    [dirty, edit, lastSaved, template.name],
  )
  useEffect(() => onUnsavedChange(words), [words, onUnsavedChange])
  /** The form shows `shown` as the template's saved text, at version `editedAt`. */
  const showSaved = (shown: EmailTemplateItem) => {
    setEdit(editOf(shown))
    setLastSaved(editOf(shown))
    setBasedOn(shown.editedAt)
  }
  // A new version in the list (this form's own save or restore, or another admin's): a form with
  // nothing typed in it shows it, as there is nothing to lose; one with changes keeps them.
  const [listed, setListed] = useState(template.editedAt)
  if (template.editedAt !== listed) {
    setListed(template.editedAt)
    if (!dirty) showSaved(template)
  }
  const sendOnce = useOneSendAtATime()
  const [preview, setPreview] = useState<RenderedMail | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all })
  const save = useMutation({
    mutationFn: () => emailTemplateCalls.save(template.name, { ...edit, basedOn }),
    onSuccess: (saved) => {
      setBasedOn(saved.editedAt)
      setLastSaved(edit)
      toast({ title: 'Template saved', description: `Mails from ${template.name} use it now.`, variant: 'success' })
      return refresh()
    },
    onError: (error) => tellRefusal('Template not saved', error),
  })
  const restore = useMutation({
    mutationFn: () => emailTemplateCalls.restore(template.name, basedOn),
    // "Restore built-in" throws away what is typed here too, on purpose.
    onSuccess: (restored) => {
      showSaved(restored)
      return refresh()
    },
    // Refused: another admin's edit came since. The list brings it, and a form with nothing typed shows it.
    onError: (error) => {
      tellRefusal('Template not restored', error)
      void refresh()
    },
  })
  const showPreview = useMutation({
    mutationFn: () => emailTemplateCalls.preview(template.name, edit),
    onSuccess: setPreview,
    // The preview shown was of an earlier edit: it would pass for this one, which was refused.
    onError: (error) => {
      setPreview(null)
      tellRefusal('No preview', error)
    },
  })
  // Restoring throws the saved edit away for every mail sent from the template: asked first.
  const [askingRestore, setAskingRestore] = useState(false)
  // Each press is a mail in the admin's inbox: a double click must not send two. Its second click
  // lands while the first is on its way, or, on a quick answer, after it (then `detail` tells).
  const testOnce = useOneSendAtATime()
  const sendTest = useMutation({
    mutationFn: () => emailTemplateCalls.sendTest(template.name, edit),
    onSuccess: ({ message }) => toast({ title: 'Test sent', description: message, variant: 'success' }),
    onError: (error) => tellRefusal('No test sent', error),
  })
  const change = (key: keyof EmailTemplateEdit) => (event: { target: { value: string } }) =>
    setEdit({ ...edit, [key]: event.target.value })
  const [problem, setProblem] = useState<ReturnType<typeof problemOf>>(null)
  /** Sends the edit only when the server would take it; otherwise says why beside the field. */
  const ifSendable = (send: () => void) => {
    const found = problemOf(edit)
    setProblem(found)
    if (!found) send()
  }
  const fieldProps = (key: WrittenField) => ({
    value: edit[key],
    onChange: change(key),
    ...problemProps(`${template.name}-${key}`, problem?.field === key ? problem.message : null),
  })
  const problemBeside = (key: WrittenField) => (
    <FieldProblem fieldId={`${template.name}-${key}`} problem={problem?.field === key ? problem.message : null} />
  )

  return (
    <form
      aria-label={`Template ${template.name}`}
      className="space-y-4 text-left"
      onSubmit={(event) => {
        event.preventDefault()
        // A second Save while the first is on its way would be refused as based on the text before it.
        ifSendable(() => sendOnce(() => save.mutateAsync()))
      }}
    >
      <p className="text-sm text-zinc-400">{template.description}</p>
      <p className="text-sm text-zinc-400">
        Variables:{' '}
        {template.variables.map((name) => (
          <code key={name} className="mr-2 text-gold">{`{{${name}}}`}</code>
        ))}
      </p>
      <label className="block text-sm text-zinc-300">
        Subject
        <input className={field} {...fieldProps('subject')} />
        {problemBeside('subject')}
      </label>
      <label className="block text-sm text-zinc-300">
        Text
        <textarea className={`${field} h-36 font-mono`} {...fieldProps('textContent')} />
        {problemBeside('textContent')}
      </label>
      <label className="block text-sm text-zinc-300">
        HTML
        <textarea className={`${field} h-36 font-mono`} {...fieldProps('htmlContent')} />
        {problemBeside('htmlContent')}
      </label>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="rounded-full bg-gold px-4 py-2 text-sm font-semibold text-zinc-900"
          disabled={save.isPending}
        >
          Save
        </button>
        <button
          type="button"
          className="rounded-full border border-white/10 px-4 py-2 text-sm text-white"
          onClick={() => ifSendable(() => showPreview.mutate())}
        >
          Preview
        </button>
        <button
          type="button"
          className="rounded-full border border-white/10 px-4 py-2 text-sm text-white"
          disabled={sendTest.isPending}
          onClick={(event) => {
            if (isDoubleClickRepeat(event)) return
            ifSendable(() => testOnce(() => sendTest.mutateAsync()))
          }}
        >
          Email me a test
        </button>
        {template.edited ? (
          <button
            type="button"
            className="rounded-full border border-white/10 px-4 py-2 text-sm text-white"
            onClick={() => setAskingRestore(true)}
          >
            Restore built-in
          </button>
        ) : null}
        {askingRestore ? (
          <ConfirmDialog
            title="Restore the built-in text?"
            confirmLabel="Restore"
            cancelLabel="Keep the edit"
            onConfirm={() => sendOnce(() => restore.mutateAsync())}
            onClose={() => setAskingRestore(false)}
          >
            Every mail from {template.name} will use Reelmates’ own text again; the saved edit
            {dirty ? ', and what is typed here,' : ''} cannot be brought back.
          </ConfirmDialog>
        ) : null}
      </div>
      {preview ? (
        <section aria-label="Preview" className="space-y-3 rounded-2xl border border-white/10 bg-zinc-950/60 p-4">
          <p className="text-sm text-white">
            <span className="text-zinc-400">Subject: </span>
            {preview.subject}
          </p>
          <pre className="whitespace-pre-wrap text-sm text-zinc-300">{preview.text}</pre>
          {/* The HTML is shown as mail clients would, in a sandbox with no scripts. */}
          <iframe title="HTML preview" sandbox="" srcDoc={preview.html} className="h-56 w-full rounded-xl bg-white" />
        </section>
      ) : null}
    </form>
  )
}
