import { blogCategoryInput, type AdminBlogCategory, type BlogCategory } from '@reelmates/contracts/blog'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ComponentProps, type SubmitEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '../../features/account/fieldErrors'
import { adminCategoriesQuery } from '../../features/blog/blogQueries'
import { useDeleteCategory, useSaveCategory } from '../../features/blog/blogMutations'
import { categoryCountLabel } from '../../features/blog/categoryCounts'
import { slugify } from '../../features/blog/slugify'
import { isApiError } from '../../lib/apiError'
import { useFocusInPlaceWhenGone } from '../../lib/focusLost'
import { inputClass, panel, quietButton, secondaryButton } from '../social/socialStyles'
import { BlogCategoryDeleteDialog } from './BlogCategoryDeleteDialog'

/** The blog's categories: add, rename (name, slug, description) and delete (after asking). */
export function BlogCategoriesPanel() {
  const categories = useQuery(adminCategoriesQuery())
  const [editing, setEditing] = useState<BlogCategory | null>(null)
  const [deleting, setDeleting] = useState<AdminBlogCategory | null>(null)
  const remove = useDeleteCategory()
  const list = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  /** The Delete that opened the question being asked. */
  const opener = useRef<HTMLButtonElement | null>(null)
  /** The Edit that opened the form on a category: the focus goes back to it when the form is done. */
  const editOpener = useRef<HTMLButtonElement | null>(null)
  const doneEditing = () => {
    setEditing(null)
    // Adding a category is done in place: only a form opened by an Edit hands the focus back.
    editOpener.current?.focus()
    editOpener.current = null
  }
  /**
   * A deleted category's row leaves once the server has answered, with the focus on its Delete (the
   * dialog gives it back there): the focus goes on to the Delete of the category then in its place
   * (the next one, or the one before when it was the last), else to the heading.
   */
  const deleted = useFocusInPlaceWhenGone(list, () => heading.current)
  return (
    <section className={`${panel} grid min-w-0 content-start gap-4`} aria-labelledby="categories-heading">
      <h2
        id="categories-heading"
        ref={heading}
        // Focusable from code only: where the keyboard goes once the last category is deleted.
        tabIndex={-1}
        className="rounded text-lg font-semibold text-white outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      >
        Categories
      </h2>
      {categories.data && categories.data.length > 0 ? (
        <ul ref={list} className="grid gap-2 text-sm">
          {categories.data.map((category) => (
            <li key={category.id} className="flex items-center gap-2">
              <span className="grid min-w-0 flex-1">
                <span className="truncate text-zinc-200">{category.name}</span>
                <span className="text-xs text-zinc-400">{categoryCountLabel(category)}</span>
              </span>
              <button
                type="button"
                className={quietButton}
                aria-label={`Edit ${category.name}`}
                onClick={(event) => {
                  editOpener.current = event.currentTarget
                  setEditing(category)
                }}
              >
                Edit
              </button>
              <button
                type="button"
                className={`${quietButton} text-red-300`}
                aria-label={`Delete ${category.name}`}
                onClick={(event) => {
                  opener.current = event.currentTarget
                  setDeleting(category)
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-400">No categories yet.</p>
      )}
      <CategoryForm key={editing?.id ?? 'new'} category={editing} onDone={doneEditing} />
      {deleting ? (
        <BlogCategoryDeleteDialog
          category={deleting}
          onConfirm={() => {
            remove.mutate(deleting.id)
            if (opener.current) deleted(opener.current)
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  )
}

type CategoryField = 'name' | 'slug' | 'description'

function CategoryForm({ category, onDone }: { category: BlogCategory | null; onDone: () => void }) {
  const [name, setName] = useState(category?.name ?? '')
  const [slug, setSlug] = useState(category?.slug ?? '')
  const [description, setDescription] = useState(category?.description ?? '')
  // What is wrong with a field, beside it: a slug typed as "Release Roundups" was refused in a toast
  // that named no field, and went with the toast.
  const [errors, setErrors] = useState<FieldErrors<CategoryField>>({})
  const id = useId()
  const fields = { name: useRef<HTMLInputElement>(null), slug: useRef<HTMLInputElement>(null) }
  const save = useSaveCategory()
  // The form is below every category: on a phone an Edit changed it off screen, and a keyboard stayed
  // on the Edit. The form opened on a category takes the focus, which brings it into view.
  useEffect(() => {
    if (category) fields.name.current?.focus()
  }, [category])
  const refused = (found: FieldErrors<CategoryField>) => {
    setErrors(found)
    const first = (['name', 'slug'] as const).find((field) => found[field])
    if (first) fields[first].current?.focus()
  }
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = blogCategoryInput.safeParse({
      name,
      slug: slug || slugify(name),
      description: description.trim() || null,
    })
    if (!parsed.success) {
      refused(fieldErrorsOf<CategoryField>(parsed.error))
      return
    }
    save.mutate(
      { ...(category ? { id: category.id } : {}), input: parsed.data },
      {
        onSuccess: () => {
          setName('')
          setSlug('')
          setDescription('')
          setErrors({})
          onDone()
        },
        onError: (error) => {
          if (isApiError(error) && error.validationErrors) refused(error.validationErrors)
        },
      },
    )
  }
  /** A field's props for its error: marked invalid, and described by the words below it. */
  const described = (field: CategoryField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {}
  const error = (field: CategoryField) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} role="alert" className="text-sm text-red-300">
        {errors[field]}
      </span>
    ) : null
  const changed = (field: CategoryField) => setErrors((before) => ({ ...before, [field]: undefined }))
  /** A labelled input whose typing settles its own error, with that error below it. */
  const field = (
    which: CategoryField,
    label: string,
    value: string,
    set: (value: string) => void,
    props: ComponentProps<'input'>,
  ) => (
    <>
      <label className="grid gap-1 text-sm text-zinc-300">
        {label}
        <input
          {...props}
          value={value}
          onChange={(event) => {
            set(event.target.value)
            changed(which)
          }}
          className={inputClass}
          {...described(which)}
        />
      </label>
      {error(which)}
    </>
  )
  return (
    <form onSubmit={submit} className="grid gap-2 border-t border-white/5 pt-4" aria-label="Category" noValidate>
      <h3 className="text-sm font-semibold text-white">{category ? `Edit ${category.name}` : 'Add a category'}</h3>
      {field(
        'name',
        'Name',
        name,
        (value) => {
          setName(value)
          // The slug left blank is made from the name, so its error was the name's to settle.
          if (!slug) changed('slug')
        },
        { ref: fields.name, required: true },
      )}
      {field('slug', 'Category slug', slug, setSlug, {
        ref: fields.slug,
        placeholder: slugify(name) || 'release-roundups',
        maxLength: 120,
      })}
      {field('description', 'Description', description, setDescription, {})}
      <div className="flex gap-2">
        <button type="submit" className={secondaryButton} disabled={save.isPending}>
          {category ? 'Save category' : 'Add category'}
        </button>
        {category ? (
          <button type="button" className={quietButton} onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}
