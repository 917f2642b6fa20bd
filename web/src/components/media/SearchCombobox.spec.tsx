import { searchQueryMaxLength, type MediaResult } from '@reelmates/contracts/catalog'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { movie } from '../../features/catalog/testing'
import { SearchCombobox } from './SearchCombobox'

const godfather = movie(238, 'The Godfather')
const partTwo = movie(240, 'The Godfather Part II')

function Harness({
  suggestions,
  onChoose,
  onSubmit,
}: {
  suggestions: MediaResult[]
  onChoose: () => void
  onSubmit: () => void
}) {
  const [query, setQuery] = useState('')
  return (
    <SearchCombobox
      query={query}
      onQueryChange={setQuery}
      suggestions={query.length >= 2 ? suggestions : []}
      isSuggesting={false}
      canSuggest={query.length >= 2}
      onChoose={onChoose}
      onSubmit={onSubmit}
    />
  )
}

function setup(suggestions = [godfather, partTwo]) {
  const onChoose = vi.fn()
  const onSubmit = vi.fn()
  render(<Harness suggestions={suggestions} onChoose={onChoose} onSubmit={onSubmit} />)
  const field = screen.getByRole('combobox', { name: 'Search movies and TV shows' })
  field.focus()
  return { field, onChoose, onSubmit }
}

// jsdom lays nothing out, so it has no scrollIntoView; the list calls it to show the highlighted title.
const scrolledTo: Element[] = []
Element.prototype.scrollIntoView = function (this: Element) {
  scrolledTo.push(this)
}

afterEach(() => {
  cleanup()
  scrolledTo.length = 0
})

describe('the search combobox', () => {
  it('takes no more text than the API searches for', () => {
    const { field } = setup()
    expect((field as HTMLInputElement).maxLength).toBe(searchQueryMaxLength)
  })

  it('shows no list for one character and opens it from two', () => {
    const { field } = setup()
    fireEvent.change(field, { target: { value: 'g' } })
    expect(field.getAttribute('aria-expanded')).toBe('false')
    fireEvent.change(field, { target: { value: 'go' } })
    expect(field.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('The Godfather'),
      expect.stringContaining('The Godfather Part II'),
    ])
  })

  it('moves the highlight with the arrow keys and opens the highlighted title on Enter', () => {
    const { field, onChoose } = setup()
    fireEvent.change(field, { target: { value: 'godf' } })
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    const highlighted = document.getElementById(field.getAttribute('aria-activedescendant') ?? '')
    expect(highlighted?.getAttribute('aria-selected')).toBe('true')
    expect(highlighted?.textContent).toContain('Part II')
    // Scrolled into the list's view as the highlight reaches it.
    expect(scrolledTo.at(-1)).toBe(highlighted)
    fireEvent.keyDown(field, { key: 'ArrowUp' })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(onChoose).toHaveBeenCalledWith(godfather)
  })

  it('searches for the text on Enter when nothing is highlighted', () => {
    const { field, onChoose, onSubmit } = setup()
    fireEvent.change(field, { target: { value: 'godfather ' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(onSubmit).toHaveBeenCalledWith('godfather')
    expect(onChoose).not.toHaveBeenCalled()
  })

  it('closes the list on Escape, then clears the text on a second Escape', () => {
    const { field } = setup()
    fireEvent.change(field, { target: { value: 'godf' } })
    fireEvent.keyDown(field, { key: 'Escape' })
    expect(field.getAttribute('aria-expanded')).toBe('false')
    expect((field as HTMLInputElement).value).toBe('godf')
    fireEvent.keyDown(field, { key: 'Escape' })
    expect((field as HTMLInputElement).value).toBe('')
  })

  it('says so when nothing matches', () => {
    const { field } = setup([])
    fireEvent.change(field, { target: { value: 'zzzz' } })
    expect(screen.getByText('No titles match “zzzz”.')).toBeTruthy()
    expect(field.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens a suggestion on click', () => {
    const { field, onChoose } = setup()
    fireEvent.change(field, { target: { value: 'godf' } })
    fireEvent.click(screen.getAllByRole('option')[1] as HTMLElement)
    expect(onChoose).toHaveBeenCalledWith(partTwo)
  })
})
