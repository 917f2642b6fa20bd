/**
 * Importing this module registers every event type of the product. Each process that appends or
 * reads events imports it once, so that personal fields are always known (and encrypted) and every
 * stored event can be validated.
 */
import './account'
import './watchlist'
import './watched'
import './friendships'
import './recommendations'
import './blog'
import './push'
import './notifications'
import './emailTemplates'
import './eventHistory'
import './feed'
import './avatars'
import './digests'
import './campaigns'
import './mailSends'
