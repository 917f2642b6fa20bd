import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEvent, eventDefinition, parseEventData } from './events'

const Renamed = defineEvent('TestThingRenamed', z.object({ thingId: z.string(), name: z.string() }), {
  version: 2,
  personal: { subjectField: 'thingId', fields: ['name'] },
  upcast: (data) => ({ thingId: data.thingId, name: data.title }),
})

describe('event definitions', () => {
  it('create events of their type', () => {
    expect(Renamed({ thingId: 't1', name: 'x' })).toEqual({
      type: 'TestThingRenamed',
      data: { thingId: 't1', name: 'x' },
    })
  })

  it('are registered by type with their personal fields', () => {
    expect(eventDefinition('TestThingRenamed')?.personal?.fields).toEqual(['name'])
  })

  it('upcast data stored at an older version', () => {
    expect(parseEventData('TestThingRenamed', { thingId: 't1', title: 'old' }, 1)).toEqual({
      thingId: 't1',
      name: 'old',
    })
  })

  it('refuse data that does not match the schema', () => {
    expect(() => parseEventData('TestThingRenamed', { thingId: 1 }, 2)).toThrow()
  })

  it('accept null personal fields of an erased user, and only those', () => {
    expect(parseEventData('TestThingRenamed', { thingId: 't1', name: null }, 2, { personalDataErased: true })).toEqual({
      thingId: 't1',
      name: null,
    })
    expect(() => parseEventData('TestThingRenamed', { thingId: 't1', name: null }, 2)).toThrow()
    expect(() =>
      parseEventData('TestThingRenamed', { thingId: null, name: null }, 2, { personalDataErased: true }),
    ).toThrow()
  })

  it('refuse unknown event types', () => {
    expect(() => parseEventData('Nope', {}, 1)).toThrow('Unknown event type Nope')
  })
})
