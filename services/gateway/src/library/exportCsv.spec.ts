import { describe, expect, it } from 'vitest'
import { exportCsv } from './exportCsv'

const columns = ['title', 'note', 'stars', 'rewatch'] as const
const rowOf = (note: string | null, title = 'Casablanca') => ({ title, note, stars: 4.5, rewatch: false })

describe('the CSV of an export', () => {
  it('starts with a UTF-8 byte order mark, so a spreadsheet reads accents and emoji as written', () => {
    const csv = exportCsv([rowOf('déjà vu 🎬', 'Amélie')], columns)
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(csv.slice(1).split('\n')[0]).toBe('title,note,stars,rewatch')
    expect(csv).toContain('Amélie,déjà vu 🎬,4.5,false')
  })

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['+Netflix', "'+Netflix"],
    ['-1', "'-1"],
    ['\tcmd', "'\tcmd"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('writes %j, which a spreadsheet would run as a formula, as text (a leading quote)', (note, cell) => {
    expect(exportCsv([rowOf(note)], columns)).toContain(`\nCasablanca,${cell},4.5,false\n`)
  })

  it('leaves every other value as it is, a formula sign inside a cell included', () => {
    const csv = exportCsv([rowOf('1+1=2, said @ada'), rowOf(null, 'Se7en')], columns)
    expect(csv.slice(1)).toBe('title,note,stars,rewatch\nCasablanca,"1+1=2, said @ada",4.5,false\nSe7en,,4.5,false\n')
  })
})
