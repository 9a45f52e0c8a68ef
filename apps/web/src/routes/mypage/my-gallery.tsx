import { MyGallery } from '../../features/simulation/my-gallery';

/** /mypage/mygallery — the member's gallery (spec 2: add, select, delete, share and save). */
export default function MyGalleryScreen() {
  return <MyGallery />;
}
