import { blogPostInput, type AdminBlogPost, type BlogPostInput } from '@reelmates/contracts/blog'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, useState, type SubmitEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '../../features/account/fieldErrors'
import { adminPostQuery, blogCategoriesQuery } from '../../features/blog/blogQueries'
import { useCreatePost, useDeletePost, usePublishPost, useSavePost } from '../../features/blog/blogMutations'
import { slugify } from '../../features/blog/slugify'
import { isApiError } from '../../lib/apiError'
import { useOneSendAtATime } from '../../lib/oneSendAtATime'
import { useUnsavedChanges, type WrittenWords } from '../../lib/unsavedChanges'
import { MarkdownContent } from '../blog/MarkdownContent'
import { FieldProblem, problemProps } from '../form/FieldProblem'
import { AdminScreen } from '../shell/AdminScreen'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { ConfirmDialog } from '../social/ConfirmDialog'
import { inputClass, panel, primaryButton, quietButton, secondaryButton } from '../social/socialStyles'
import { BlogFeaturedImageField } from './BlogFeaturedImageField'
import { TabSwitch } from './TabSwitch'
import { appLocale } from '../../lib/appLocale'
import { LoadingLine } from '../shell/NotSavedOffline'

type Field = keyof BlogPostInput
const emptyPost: BlogPostInput = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featuredImageUrl: null,
  categoryIds: [],
}

/** The fields as a save would send them: an emptied image field is no image, and the categories' order is no change. */
const asSaved = (values: BlogPostInput) =>
  JSON.stringify([
    values.title,
    values.slug,
    values.content,
    values.excerpt,
    values.featuredImageUrl || null,
    [...values.categoryIds].sort(),
  ])

/** The post's words changed since `lastSaved` (its title, excerpt, content): what a session ended under the editor keeps. */
function writtenSince(values: BlogPostInput, lastSaved: string): WrittenWords[] {
  const [title, , content, excerpt] = JSON.parse(lastSaved) as string[]
  const fields = [
    { label: "Your post's title", text: values.title, saved: title },
    { label: "Your post's excerpt", text: values.excerpt, saved: excerpt },
    { label: "Your post's content", text: values.content, saved: content },
  ]
  return fields.filter((field) => field.text !== field.saved).map(({ label, text }) => ({ label, text }))
}

/** /admin/blog/posts/{id}: the post editor (`new` writes a new draft). */
export function BlogPostEditorScreen({ id }: { id: string }) {
  const isNew = id === 'new'
  const post = useQuery({ ...adminPostQuery(id), enabled: !isNew })
  if (isNew) return <BlogPostEditor key="new" post={null} />
  // The form takes the post once, so it waits for the post as the server has it now: a copy cached
  // earlier in this visit may predate another save, which Save or Publish would then write back.
  if (post.isPending || (!post.isFetchedAfterMount && !post.isError))
    return (
      <AdminScreen title="Blog post">
        <LoadingLine what="the post" className="mt-6 text-zinc-400" />
      </AdminScreen>
    )
  if (post.isError)
    return (
      <AdminScreen title="Blog post">
        <p className="mt-6 text-zinc-400">
          {isApiError(post.error) && post.error.status === 404 ? 'There is no post with this id.' : post.error.message}{' '}
          <Link to="/admin/blog/posts" className="text-reel hover:underline">
            All posts
          </Link>
        </p>
      </AdminScreen>
    )
  return <BlogPostEditor key={post.data.id} post={post.data} />
}

function BlogPostEditor({ post }: { post: AdminBlogPost | null }) {
  const navigate = useNavigate()
  const [values, setValues] = useState<BlogPostInput>(post ? { ...post } : emptyPost)
  // The fields as last saved (or opened): leaving with anything else asks first.
  const [lastSaved, setLastSaved] = useState(() => asSaved(values))
  const leaving = useUnsavedChanges(asSaved(values) !== lastSaved, writtenSince(values, lastSaved))
  const sendOnce = useOneSendAtATime()
  // The post's last change as this editor knows it (opened, saved, published here): a save is refused
  // when the server has a later one, rather than writing over another admin's work.
  const [basedOn, setBasedOn] = useState(post?.updatedAt)
  const [slugTouched, setSlugTouched] = useState(post !== null)
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const form = useRef<HTMLFormElement>(null)
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [confirmUnpublish, setConfirmUnpublish] = useState(false)
  const categories = useQuery(blogCategoriesQuery())
  const create = useCreatePost()
  const save = useSavePost()
  const publish = usePublishPost()
  const remove = useDeletePost()
  const busy = create.isPending || save.isPending || publish.isPending || remove.isPending

  const set = <K extends Field>(field: K, value: BlogPostInput[K]) => {
    setValues((before) => ({
      ...before,
      [field]: value,
      ...(field === 'title' && !slugTouched ? { slug: slugify(String(value)) } : {}),
    }))
    // A title typed before the slug was touched writes the slug too, which settles its error.
    setErrors((before) => ({
      ...before,
      [field]: undefined,
      ...(field === 'title' && !slugTouched ? { slug: undefined } : {}),
    }))
  }

  const serverErrors = (error: unknown) => {
    if (isApiError(error) && error.validationErrors) setErrors(error.validationErrors)
  }

  /** Saves the fields; resolves the saved post, or null when they were refused. */
  async function saveFields(): Promise<AdminBlogPost | null> {
    const parsed = blogPostInput.safeParse({ ...values, featuredImageUrl: values.featuredImageUrl || null })
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error))
      // The keyboard goes to the first field to put right, once the errors are drawn.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return null
    }
    const sent = asSaved(values)
    try {
      if (post) {
        const saved = await save.mutateAsync({ id: post.id, input: { ...parsed.data, basedOn } })
        setBasedOn(saved.updatedAt)
        setLastSaved(sent)
        return saved
      }
      const created = await create.mutateAsync(parsed.data)
      // Saved: the editor's "clean" state is drawn a render later than this navigation asks.
      await navigate({ to: '/admin/blog/posts/$id', params: { id: created.id }, replace: true, ignoreBlocker: true })
      return created
    } catch (error) {
      serverErrors(error)
      return null
    }
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A second Save while the first is on its way would write a second draft, or be refused (409) as
    // based on the post before the first one's change.
    sendOnce(saveFields)
  }

  async function togglePublished() {
    const saved = await saveFields()
    if (!saved || !post) return
    await publish
      .mutateAsync({ id: saved.id, publish: !post.published })
      .then((answer) => setBasedOn(answer.updatedAt), serverErrors)
  }

  const error = (field: Field) => (
    <FieldProblem fieldId={`post-${field}`} problem={errors[field]} className="text-sm text-red-300" />
  )
  const describedBy = (field: Field) => problemProps(`post-${field}`, errors[field])

  return (
    <AdminScreen title={post ? 'Edit post' : 'New post'}>
      {/* Columns that cannot grow past the screen: a long word or code line in the preview wraps or
          scrolls in its frame instead of pushing "Save" and the categories off to the right. */}
      <form
        ref={form}
        onSubmit={submit}
        className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
        noValidate
      >
        <div className="grid min-w-0 content-start gap-4">
          <div className="grid gap-1.5">
            <label className="grid gap-1.5 text-sm text-zinc-300">
              Title
              <input
                value={values.title}
                onChange={(e) => set('title', e.target.value)}
                className={inputClass}
                {...describedBy('title')}
              />
            </label>
            {error('title')}
          </div>
          <div className="grid gap-1.5">
            <label className="grid gap-1.5 text-sm text-zinc-300">
              Slug
              {/* The address's start stays whole: as a flex item it gave way to the field and broke
                after "/news" (on a phone after "/new"). */}
              <div className="flex items-center gap-1">
                <span className="shrink-0 text-zinc-400">/news/</span>
                <input
                  value={values.slug}
                  onChange={(e) => {
                    setSlugTouched(true)
                    set('slug', e.target.value)
                  }}
                  className={`${inputClass} min-w-0`}
                  {...describedBy('slug')}
                />
              </div>
            </label>
            {error('slug')}
          </div>
          <div className="grid gap-1.5">
            <label className="grid gap-1.5 text-sm text-zinc-300">
              Excerpt
              <textarea
                value={values.excerpt}
                onChange={(e) => set('excerpt', e.target.value)}
                rows={2}
                className={inputClass}
                {...describedBy('excerpt')}
              />
            </label>
            {error('excerpt')}
          </div>
          <div className="grid gap-1.5">
            <TabSwitch
              label="Content"
              tabs={[
                { name: 'write', label: 'Write' },
                { name: 'preview', label: 'Preview' },
              ]}
              selected={tab}
              onSelect={setTab}
            >
              <span className="mr-auto text-zinc-300">Content (Markdown)</span>
            </TabSwitch>
            {tab === 'write' ? (
              <textarea
                aria-label="Content"
                value={values.content}
                onChange={(e) => set('content', e.target.value)}
                rows={16}
                className={`${inputClass} font-mono`}
                {...describedBy('content')}
              />
            ) : (
              <div className={`${panel} min-h-64 min-w-0`} role="tabpanel" aria-label="Preview">
                {values.content.trim() ? (
                  <MarkdownContent source={values.content} />
                ) : (
                  <p className="text-zinc-400">Nothing to preview yet.</p>
                )}
              </div>
            )}
            {error('content')}
          </div>
        </div>
        <aside className="grid min-w-0 content-start gap-4">
          <div className={`${panel} grid gap-3`}>
            <p className="text-sm text-zinc-300">
              {post?.published ? (
                <>
                  Published{post.publishedAt ? ` ${new Date(post.publishedAt).toLocaleString(appLocale)}` : ''} ·{' '}
                  <Link to="/news/$slug" params={{ slug: post.slug }} className="text-reel underline">
                    View on the news
                  </Link>
                </>
              ) : (
                'Draft: only admins see it.'
              )}
            </p>
            <button type="submit" className={secondaryButton} disabled={busy}>
              {post ? 'Save' : 'Save draft'}
            </button>
            {post ? (
              <button
                type="button"
                className={primaryButton}
                disabled={busy}
                // Publishing is asked for by its button; taking a live post off the news is asked about first.
                onClick={() => (post.published ? setConfirmUnpublish(true) : sendOnce(togglePublished))}
              >
                {post.published ? 'Unpublish' : 'Publish'}
              </button>
            ) : null}
            {post ? (
              <button
                type="button"
                className={`${quietButton} text-red-300`}
                disabled={busy}
                onClick={() => setConfirmDelete(true)}
              >
                Delete post
              </button>
            ) : null}
          </div>
          <BlogFeaturedImageField
            value={values.featuredImageUrl ?? ''}
            onChange={(url) => set('featuredImageUrl', url)}
            error={error('featuredImageUrl')}
          />
          <fieldset className="grid gap-2 text-sm text-zinc-300">
            <legend className="mb-1">Categories</legend>
            {(categories.data ?? []).length === 0 ? (
              <p className="text-zinc-400">
                No categories yet: add them on{' '}
                <Link to="/admin/blog/posts" className="text-reel hover:underline">
                  the posts page
                </Link>
                .
              </p>
            ) : null}
            {(categories.data ?? []).map((category) => (
              <label key={category.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={values.categoryIds.includes(category.id)}
                  onChange={(e) =>
                    set(
                      'categoryIds',
                      e.target.checked
                        ? [...values.categoryIds, category.id]
                        : values.categoryIds.filter((c) => c !== category.id),
                    )
                  }
                />
                {category.name}
              </label>
            ))}
          </fieldset>
        </aside>
      </form>
      {confirmDelete && post ? (
        <ConfirmDialog
          title={`Delete “${post.title}”?`}
          confirmLabel="Delete post"
          // As the app's other deletes say it (a comment's, an account's): "Keep" alone did not say what it kept.
          cancelLabel="Cancel"
          onConfirm={() => {
            setConfirmDelete(false)
            // The post is gone, and with it whatever was typed into it: nothing left to ask about.
            remove.mutate(post.id, {
              onSuccess: () => void navigate({ to: '/admin/blog/posts', ignoreBlocker: true }),
            })
          }}
          onClose={() => setConfirmDelete(false)}
        >
          <p className="text-sm text-zinc-300">
            {post.published
              ? 'It leaves the news and the RSS feed, and its slug becomes free.'
              : 'It is a draft, on neither the news nor the RSS feed; its slug becomes free.'}
          </p>
        </ConfirmDialog>
      ) : null}
      {confirmUnpublish && post ? (
        <ConfirmDialog
          title={`Unpublish “${post.title}”?`}
          confirmLabel="Unpublish"
          cancelLabel="Keep it published"
          onConfirm={() => {
            setConfirmUnpublish(false)
            sendOnce(togglePublished)
          }}
          onClose={() => setConfirmUnpublish(false)}
        >
          <p className="text-sm text-zinc-300">
            It leaves the news and the RSS feed now, and its address finds nothing; it stays here as a draft. Published
            again, it is dated that day.
          </p>
        </ConfirmDialog>
      ) : null}
      <UnsavedChangesDialog leaving={leaving} />
    </AdminScreen>
  )
}
