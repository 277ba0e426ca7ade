export default function Area() { return <p>applicant</p>; }
