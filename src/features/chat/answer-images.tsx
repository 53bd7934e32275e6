import { useEffect, useState } from 'react';
import { CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChatAnswer } from '@contract/chat';
import { useLibDispatch, type LibDispatch } from '@/lib/store-types';
import type { ThunkExtra } from '@/lib/store-types';

type AnswerImage = ChatAnswer['images'][number];

/** A blob from an API path with the session's headers (an <img src> could not send them). */
const loadBlob =
  (path: string) =>
  (_dispatch: LibDispatch, _getState: () => unknown, extra: ThunkExtra): Promise<Blob> =>
    extra.http.request<Blob>(path, { responseType: 'blob' });

type Loaded =
  | { state: 'loading' }
  | { state: 'image'; url: string }
  | { state: 'document' }
  | { state: 'failed' };

function DocumentImage({ image, onOpen }: { image: AnswerImage; onOpen: () => void }) {
  const { t } = useTranslation('chat');
  const dispatch = useLibDispatch();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    dispatch(loadBlob(image.url))
      .then((blob) => {
        if (!live) return;
        if (blob.type.startsWith('image/')) {
          url = URL.createObjectURL(blob);
          setLoaded({ state: 'image', url });
        } else setLoaded({ state: 'document' });
      })
      .catch(() => live && setLoaded({ state: 'failed' }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [dispatch, image.url]);

  if (loaded.state === 'loading') return <CSpinner size="sm" aria-label={image.alt} />;
  if (loaded.state === 'failed')
    return <span className="small text-danger">{t('images.failed')}</span>;
  if (loaded.state === 'document')
    return (
      <CButton size="sm" color="primary" variant="outline" onClick={onOpen}>
        {image.alt}
      </CButton>
    );
  return (
    <figure className="mb-0">
      <img src={loaded.url} alt={image.alt} className="chat-image" />
      <figcaption className="small text-body-secondary text-break">{image.alt}</figcaption>
    </figure>
  );
}

/** The fetch images toggle: images of the referenced documents, under the answer. */
export function AnswerImages({
  images,
  onOpen,
}: {
  images: AnswerImage[];
  onOpen: (image: AnswerImage) => void;
}) {
  const { t } = useTranslation('chat');
  if (images.length === 0) return null;
  return (
    <section className="mt-2" aria-label={t('images.heading')}>
      <h3 className="h6 mb-1">{t('images.heading')}</h3>
      <div className="d-flex flex-wrap gap-2">
        {images.map((image) => (
          <DocumentImage
            key={`${image.document_id}-${image.url}`}
            image={image}
            onOpen={() => onOpen(image)}
          />
        ))}
      </div>
    </section>
  );
}
